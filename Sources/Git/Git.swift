internal import CGit2
// Git: the only module that touches libgit2. See README.md beside this file.
