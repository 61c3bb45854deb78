// Lint: see README.md beside this file.
