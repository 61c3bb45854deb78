// ComposefileFormat: see README.md beside this file.
