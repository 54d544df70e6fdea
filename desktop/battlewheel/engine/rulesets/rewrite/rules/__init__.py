"""The pure rules of the 2e Rewrite: small functions of values, no state changed."""
