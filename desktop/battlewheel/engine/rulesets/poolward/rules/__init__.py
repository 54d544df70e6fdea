"""The pure rules of Pool & Ward: small functions of values, no state changed."""
