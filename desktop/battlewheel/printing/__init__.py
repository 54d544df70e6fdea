"""Player cards, each in its system (the contract's ``Card``), painted with QPainter
to a printer or a PDF."""
