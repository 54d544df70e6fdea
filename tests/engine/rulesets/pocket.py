"""The ring's side pocket asked about every counter, in any ruleset's fight."""

from __future__ import annotations

from battlewheel.engine.core.session import CombatSession


def check_pocket_verdicts(session: CombatSession) -> None:
    """The pocket's verdicts for every counter (in, with or without a trigger typed, and
    out onto every slot) leave the state as it was; each is an action the rules accept
    or a refusal with its reason."""
    ruleset, state = session.ruleset, session.state
    before = state.clone()
    track = ruleset.turn_track(state)
    for counter in track.counters:
        preview = ruleset.pocket_drop(state, counter.id)
        typed = ruleset.pocket_drop(state, counter.id, "a trigger")
        assert preview.allowed == typed.allowed and (preview.prompt or not preview.allowed)
        fires = [ruleset.pocket_fire(state, counter.id, s) for s in range(track.slot_count)]
        assert state == before
        for verdict in (typed, *fires):
            assert verdict.allowed or verdict.refusal
            if verdict.action is not None:
                ruleset.apply(state.clone(), verdict.action)  # accepted: nothing raised
