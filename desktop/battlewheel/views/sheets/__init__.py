"""Character sheet docks and the health-track widget."""
