"""The application icon, as SVG source and generated sizes (the battlewheel.icons package)."""
