"""The board: squares, reach, sight, cover and movement a fight on a grid plays (PDF 12)."""
