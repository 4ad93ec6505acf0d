"""Reading text: markdown structure, front matter and globs. Knows no home, host or file system."""
