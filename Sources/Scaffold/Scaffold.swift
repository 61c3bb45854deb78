// Scaffold: see README.md beside this file.
