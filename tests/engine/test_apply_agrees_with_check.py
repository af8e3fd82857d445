"""``apply`` accepts exactly what ``check`` accepts, and refuses with ``check``'s refusal.

``Round.apply`` accepts the commonest action, a play that fits while play goes on, on a
short path of its own, and stuck detection asks only whether anyone has a move; every other
action goes through the full check. These properties play matches with stray keys (players,
stocks and piles that do not exist), actions at bad times, ties and fumble locks, and hold
each answer of ``apply`` against the one ``check`` gave just before, on the same table.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from test_properties import PROPERTIES, new_run, run_args

from spit.engine import PLAYERS, Phase, Variant


@PROPERTIES
@given(**run_args, variant=st.sampled_from(list(Variant)), bad_times=st.sampled_from([0.0, 0.05]))
def test_apply_refuses_exactly_what_check_refuses(
    seed: int, policy_seed: int, illegal: float, max_step: float, variant: Variant, bad_times: float
) -> None:
    run = new_run(seed, policy_seed, illegal, max_step, variant, bad_times)
    match, policy = run.match, run.policy
    for _ in range(600):
        if match.is_over:
            break
        action = policy.next(match)
        bad = policy.bad_time(match.round.last_at)
        if bad is None:
            run.now += policy.step()
        at = run.now if bad is None else bad
        expected = match.check(action, at)
        result = match.apply(action, at)
        assert result.refusal == expected, (action, at)
        assert result.ok is (expected is None)
        if result.ok and match.round.phase is Phase.PLAYING:
            # Play goes on only while someone can move (RULES B4), as the moves say.
            assert any(match.legal_actions(p) for p in PLAYERS)
