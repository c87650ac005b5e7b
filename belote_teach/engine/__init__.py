"""The rules of classic belote, exact: no I/O, no text, no widgets."""
