// Install: see README.md beside this file.
