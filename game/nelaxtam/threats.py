"""Nelaxtam's territory threats for the evaluation: what a destruction next turn could cut off.

Split from :mod:`game.nelaxtam.ai` (the orders search), which weighs these figures. Troops are few,
so most of a territory hangs on a handful of pieces, and a destroyed piece that splits off a part
with no own troop takes that whole part with it in clean-up: these helpers measure such parts (a
straight cut along a rank or file, the best single destruction of each enemy troop, two enemy
troops' destructions together), and how far a troop is from the front. The coach's threat marks
(:func:`threatened`, found by :mod:`game.threats` beside the rules) ask the same question of one
position: what the enemy's next orders could destroy.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from game.nelaxtam.rules import PHASE_ORDERS, Geometry, NelaxtamState, bits_of

CUT_DISCOUNT = 0.55
"""Each piece still standing in a cutting line makes the cut this much less likely."""


def troop_mask(squares: Sequence[int]) -> int:
    """The squares of the living troops (a fallen troop's square is negative) as a bit mask."""
    bits = 0
    for sq in squares:
        if sq >= 0:
            bits |= 1 << sq
    return bits


def sole_loss(geo: Geometry, territory: int, squares: Sequence[int], sq: int) -> int:
    """Pieces lost with the troop on ``sq``: its group, unless another own troop stands in it."""
    group = geo.flood(1 << sq, territory)
    others = troop_mask([s for s in squares if s != sq])
    return 0 if group & others else group.bit_count()


@functools.cache
def _lines(n: int) -> tuple[tuple[int, int, int], ...]:
    """Every interior rank and file as (line, one side, other side) masks: a rank (or file) whose
    pieces of one colour are all destroyed splits that colour's territory in two, because a diagonal
    step always crosses into the next rank and file."""
    out = []
    rank = [sum(1 << (r * n + f) for f in range(n)) for r in range(n)]
    file = [sum(1 << (r * n + f) for r in range(n)) for f in range(n)]
    for masks in (rank, file):
        for i in range(1, n - 1):
            out.append((masks[i], sum(masks[:i]), sum(masks[i + 1 :])))
    return tuple(out)


def cut_threat(geo: Geometry, territory: int, troops_mask: int) -> float:
    """How much of this territory a straight cut could take: for each interior rank and file with own
    troops on one side only, the pieces on the troop-less side, discounted by the pieces of the line
    still to destroy (the largest such threat counts)."""
    worst = 0.0
    for line, low, high in _lines(geo.n):
        if troops_mask & line or (troops_mask & low and troops_mask & high):
            continue
        stake = (territory & (high if troops_mask & low else low)).bit_count()
        if stake:
            threat = stake * CUT_DISCOUNT ** (territory & line).bit_count()
            worst = max(worst, threat)
    return worst


def hang_loss(
    geo: Geometry, territory: int, own: int, enemy_squares: Sequence[int], pairs: bool = False
) -> int:
    """Pieces of ``territory`` the enemy troops could cut off from every own troop (``own``, a mask)
    next turn: for each enemy troop the best of its destructions, summed over the troops.

    Troops are few, so most of a territory hangs on a few pieces; a destroyed piece that splits
    off a part with no troop takes that whole part with it in clean-up (the greedy bot's big wins
    were such cuts). A target under an own troop is left to the danger term. One flood per enemy
    troop with all its targets gone finds whether anything hangs at all; only then is each
    target tried alone."""
    total = territory.bit_count()
    loss = 0
    for e in enemy_squares:
        if e < 0:
            continue
        targets = geo.spread_orth(1 << e) & territory & ~own
        if not targets:
            continue
        rest = territory & ~targets
        if total - targets.bit_count() - geo.flood(own, rest).bit_count() <= 0:
            continue
        best = 0
        for t in bits_of(targets):
            best = max(best, total - 1 - geo.flood(own, territory & ~(1 << t)).bit_count())
        loss += best
    if pairs:
        loss = max(loss, pair_hang(geo, territory, own, enemy_squares))
    return loss


def pair_hang(geo: Geometry, territory: int, own: int, enemy_squares: Sequence[int]) -> int:
    """The most pieces two enemy troops together could cut off next turn, one destruction each.

    A part joined to the troops by two links that two different enemy troops can reach is lost to
    their joint destruction though neither alone cuts anything (:func:`hang_loss` sums single
    cuts, so it sees nothing there); the greedy bot took 22 pieces from an earlier hard that way.
    As in :func:`hang_loss`, one flood per pair with all both troops' targets gone finds whether
    anything hangs; only then is every pair of targets tried."""
    total = territory.bit_count()
    sets = [geo.spread_orth(1 << e) & territory & ~own for e in enemy_squares if e >= 0]
    sets = [t for t in sets if t]
    best = 0
    for i in range(len(sets)):
        for j in range(i + 1, len(sets)):
            both = sets[i] | sets[j]
            if total - both.bit_count() - geo.flood(own, territory & ~both).bit_count() <= best:
                continue
            for a in bits_of(sets[i]):
                for b in bits_of(sets[j] & ~(1 << a)):
                    gone = (1 << a) | (1 << b)
                    best = max(best, total - 2 - geo.flood(own, territory & ~gone).bit_count())
    return best


def frontier_distance(geo: Geometry, territory: int, enemy: int, sq: int, limit: int = 8) -> int:
    """Diagonal steps inside its territory from ``sq`` to a square next to an enemy piece (capped),
    or -1 when the troop's group touches no enemy piece at all: groups only ever shrink, so that
    troop can never destroy again."""
    reach = geo.flood(1 << sq, territory) & geo.spread_orth(enemy)
    if not reach:
        return -1
    layer, seen = 1 << sq, 1 << sq
    for step in range(limit):
        if layer & reach:
            return step
        layer = geo.spread_diag(layer) & territory & ~seen
        seen |= layer
    return limit


def army_worth(geo: Geometry, territory: int, squares: Sequence[int], enemy: int, per_troop: float) -> float:
    """The living troops' worth in pieces: ``per_troop`` each, but a group's troops together no
    more than the enemy pieces the group borders orthogonally.

    A troop never leaves its group (it steps diagonally onto its own territory) and destroys only
    orthogonal neighbours, and groups and enemy territory only shrink, so those bordering pieces
    are all it can ever destroy. Late in a game a troop counted at its full worth is an illusion:
    a player who spares it instead of trading it for a piece loses the count at the end."""
    worth = 0.0
    seen = 0
    for sq in squares:
        if sq < 0 or seen >> sq & 1:
            continue
        group = geo.flood(1 << sq, territory)
        seen |= group
        count = troop_mask(squares) & group
        worth += min(per_troop * count.bit_count(), (geo.spread_orth(group) & enemy).bit_count())
    return worth


# -- the coach's marks (issue #32, item 6) ------------------------------------------------------------
CUT_LEAST = 2
"""A piece the enemy can destroy is marked when its loss would take at least this many more of the
player's pieces with it in clean-up: every piece beside an enemy troop can be destroyed, and ringing
them all would hide the few that matter."""


def threatened(state: NelaxtamState, player: str) -> list[str]:
    """The coach's red rings (:mod:`game.threats`): what ``player`` could lose to the enemy's next
    orders if it stays where it is, the troops first, then the pieces whose loss cuts off more.

    An enemy troop destroys an orthogonal neighbour holding ``player``'s territory. A troop of the
    player's standing on such a square dies with it; a piece there whose loss leaves at least
    :data:`CUT_LEAST` further pieces in no group with a troop of the player's takes them along in
    clean-up. None during the landing (no troop is on the island yet) or once the game is over."""
    if state.over or state.phase != PHASE_ORDERS:
        return []
    p = state.index_of(player)
    geo = state.geo
    own = state.territory[p]
    reach = 0
    for enemy_square in state.troops[1 - p]:
        if enemy_square >= 0:
            reach |= geo.spread_orth(1 << enemy_square)
    reach &= own
    troops = [sq for sq in state.troops[p] if sq >= 0]
    found = [sq for sq in troops if reach >> sq & 1]
    mask = troop_mask(troops)
    held = geo.flood(mask, own).bit_count()
    for target in bits_of(reach & ~mask):
        if held - 1 - geo.flood(mask, own & ~(1 << target)).bit_count() >= CUT_LEAST:
            found.append(target)
    return [geo.name(sq) for sq in found]
