"""Health-track sheets painted with QPainter to a printer or a PDF."""
