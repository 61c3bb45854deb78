// SpecRepos: see README.md beside this file.
