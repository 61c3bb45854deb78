// Resolution: see README.md beside this file.
