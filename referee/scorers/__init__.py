"""Pure scoring and probability functions shared by the engines and the calculators.

Nothing here does I/O or imports Click; every probability is an exact Fraction.
"""
