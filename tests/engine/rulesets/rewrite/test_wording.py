"""The words the log uses for a track that can no longer act (000 §Applying Effects)."""

from battlewheel.engine.core.health import HealthTrack
from battlewheel.engine.rulesets.rewrite.sentences.wording import helpless_word, wound_text


def test_a_track_still_able_to_act_has_no_helpless_word() -> None:
    """Two lethal on a Stamina 2 track: -1 penalty, nothing worse."""
    assert helpless_word(HealthTrack.standard(2).mark(lethal=2)) is None


def test_bashing_in_incapacitated_is_unconscious() -> None:
    """Seven bashing fill -0 to Incapacitated with bashing: unconscious."""
    assert helpless_word(HealthTrack.standard(2).mark(bashing=7)) == "unconscious"


def test_lethal_in_incapacitated_is_critical() -> None:
    """Seven lethal reach Incapacitated with lethal: critical, still two Dying boxes free."""
    assert helpless_word(HealthTrack.standard(2).mark(lethal=7)) == "critical"


def test_every_dying_box_full_is_dead() -> None:
    """Nine lethal fill the 7 upper boxes and both Dying boxes of Stamina 2: dead."""
    track = HealthTrack.standard(2).mark(lethal=9)
    assert helpless_word(track) == "dead"
    assert wound_text(track) == "track XXXXXXXXX, dead"
