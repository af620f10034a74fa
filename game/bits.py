"""Bit-set helpers shared by the engines that keep a board as Python-int bitboards.

Hot loops inline the lowest-set-bit step instead of calling these (a call per square costs more
than the work); everything else uses this one definition.
"""

from __future__ import annotations


def squares_of(mask: int) -> list[int]:
    """The set bits of ``mask`` (square numbers), in increasing order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
