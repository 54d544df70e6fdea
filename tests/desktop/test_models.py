"""The combat model, its undo commands and its Qt models over a real engine session."""

import pytest
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.rewrite.actions import (
    AddCombatant,
    ApplyTickEffects,
    CycleHealthBox,
    DamageRoll,
    DeclareFlurry,
    Defence,
    EndCombat,
    MoveCounter,
    NextTick,
    ResolveAttack,
)
from battlewheel.engine.rulesets.rewrite.roster import COLUMNS as REWRITE_COLUMNS
from battlewheel.engine.rulesets.rewrite.wheel.view import display_laps
from battlewheel.models.combat_model import CombatModel
from battlewheel.models.combatants_model import ID_ROLE, CombatantsModel
from battlewheel.models.log_model import CombatLogModel
from tests.desktop.d2_combatants import SWORD_AT_BANDIT, first_tick_model
from tests.desktop.started_combat import started_roster, started_session

# The started test combat after its set-up: tick 1 (segment 1 of 7), Bandit 1 on tick 4.

COLUMNS = tuple(column.name for column in REWRITE_COLUMNS)


@pytest.fixture
def combat(qtbot: QtBot) -> CombatModel:
    """The started test combat wrapped in a model."""
    return CombatModel(started_session())


def _tick(combat: CombatModel, cid: str) -> int | None:
    return combat.state.combatants[cid].next_tick


def test_the_started_combat_has_eight_fighters_on_both_sides_and_three_on_one_segment() -> None:
    """The started test combat: at least eight fighters, allies and enemies, three on segment 4."""
    roster = started_roster()
    wheel = CombatModel(started_session(roster)).wheel()
    assert len(wheel.counters) >= 8
    assert {c.side for c in wheel.counters} == {"ally", "enemy"}
    assert [c.name for c in wheel.on_slot(4)] == ["Bandit 1", "Bandit 2", "Bandit 3"]


def test_moving_a_counter_sets_the_next_tick_that_shows_that_segment(combat: CombatModel) -> None:
    """At tick 1 of 7, segment 6 means tick 6 and segment 0 means tick 7."""
    assert combat.push(MoveCounter(combatant="bandit1", segment=6)) is None
    assert _tick(combat, "bandit1") == 6
    assert combat.push(MoveCounter(combatant="bandit2", segment=0)) is None
    assert _tick(combat, "bandit2") == 7


def test_undo_and_redo_of_a_move_follow_the_engine(combat: CombatModel) -> None:
    """Undo puts Bandit 1 back on tick 4; redo moves him to tick 6 again."""
    before = len(combat.session.log)
    combat.push(MoveCounter(combatant="bandit1", segment=6))
    combat.undo_stack.undo()
    assert _tick(combat, "bandit1") == 4
    assert len(combat.session.log) == before
    assert combat.session.can_redo
    combat.undo_stack.redo()
    assert _tick(combat, "bandit1") == 6


def test_repeated_drags_of_one_counter_merge_into_one_undo_step(combat: CombatModel) -> None:
    """Three drags of Bandit 1 are one undo step that takes all three back."""
    before = len(combat.session.log)
    for segment in (5, 6, 0):
        combat.push(MoveCounter(combatant="bandit1", segment=segment))
    assert combat.undo_stack.count() == 1
    assert len(combat.session.log) == before + 3
    combat.undo_stack.undo()
    assert _tick(combat, "bandit1") == 4
    assert len(combat.session.log) == before
    combat.undo_stack.redo()
    assert _tick(combat, "bandit1") == 7


def test_drags_of_different_counters_stay_separate_steps(combat: CombatModel) -> None:
    """Moving Bandit 1 then Bandit 2 leaves two undo steps; one undo keeps Bandit 1 moved."""
    combat.push(MoveCounter(combatant="bandit1", segment=6))
    combat.push(MoveCounter(combatant="bandit2", segment=6))
    assert combat.undo_stack.count() == 2
    combat.undo_stack.undo()
    assert (_tick(combat, "bandit1"), _tick(combat, "bandit2")) == (6, 4)


def test_the_edit_menu_texts_are_the_engine_sentences(combat: CombatModel) -> None:
    """The undo text names the move as the combat log does."""
    combat.push(MoveCounter(combatant="bandit1", segment=6))
    sentence = combat.session.log[-1].sentence
    assert "Bandit 1" in sentence and "segment 6" in sentence
    assert combat.undo_stack.undoText() == sentence


def test_a_refused_action_changes_nothing_and_says_why(combat: CombatModel, qtbot: QtBot) -> None:
    """Next tick while Red Lotus Dancer has not declared is refused with the rule named."""
    before = combat.session.to_json()
    with qtbot.waitSignal(combat.refused) as refused:
        error = combat.push(NextTick())
    assert error is not None
    assert "Red Lotus Dancer" in refused.args[0]
    assert combat.session.to_json() == before
    assert combat.undo_stack.count() == 0


def test_an_unexpected_error_leaves_state_and_stack_untouched(
    combat: CombatModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An engine crash in apply is raised to the caller; no undo step, no state change."""
    before = combat.session.to_json()

    def broken(action: object) -> None:
        raise RuntimeError("engine bug")

    monkeypatch.setattr(combat.session, "apply", broken)
    with pytest.raises(RuntimeError, match="engine bug"):
        combat.push(MoveCounter(combatant="bandit1", segment=6))
    assert combat.undo_stack.count() == 0
    assert combat.session.to_json() == before


def test_health_signal_names_only_the_combatant_hit(combat: CombatModel, qtbot: QtBot) -> None:
    """Cycling Bandit 3's first box reports Bandit 3's health and nobody else's."""
    hurt: list[str] = []
    combat.combatantChanged.connect(hurt.append)
    combat.push(CycleHealthBox(combatant="bandit3", index=0))
    assert hurt == ["bandit3"]


def test_wheel_and_tick_signals_follow_undo(combat: CombatModel, qtbot: QtBot) -> None:
    """Undoing a move emits wheelChanged and puts the counter back on segment 4."""
    combat.push(MoveCounter(combatant="bandit1", segment=6))
    with qtbot.waitSignal(combat.wheelChanged):
        combat.undo_stack.undo()
    counter = combat.wheel().counter("bandit1")
    assert counter is not None and counter.slot == 4


def test_lap_marker_counts_laps_beyond_the_labelled_ticks() -> None:
    """At tick 1 of 7 the labels run 1..7: tick 7 is on the wheel, tick 8 and 10 one lap on."""
    assert display_laps(7, 1, 7) == 0
    assert display_laps(8, 1, 7) == 1
    assert display_laps(10, 1, 7) == 1
    assert display_laps(15, 1, 7) == 2


def test_the_started_combat_ghost_wears_a_lap_marker(combat: CombatModel) -> None:
    """The Hungry Ghost, moved to tick 10 at tick 1, stands on segment 3 one lap ahead."""
    ghost = combat.wheel().counter("ghost")
    assert ghost is not None
    lap = ghost.badge("top_right")
    assert ghost.slot == 3 and lap is not None and lap.text == "+1 lap"


def test_combatants_model_passes_the_model_tester(
    combat: CombatModel, qtmodeltester: ModelTester
) -> None:
    """The combatants table keeps Qt's model contract, before and after changes."""
    model = CombatantsModel(combat)
    qtmodeltester.check(model)
    combat.push(MoveCounter(combatant="bandit1", segment=6))
    combat.push(CycleHealthBox(combatant="bandit3", index=0))
    qtmodeltester.check(model)
    assert model.columnCount() == len(COLUMNS)


def test_combatants_model_shows_each_fighter_once_with_next_tick(combat: CombatModel) -> None:
    """One row per combatant; Bandit 1's row shows tick 4, then 6 after a move."""
    model = CombatantsModel(combat)
    assert model.rowCount() == len(combat.state.combatants)
    row = model.row_of("bandit1")
    assert model.index(row, 0).data(ID_ROLE) == "bandit1"
    assert model.index(row, COLUMNS.index("Next tick")).data() == "4"
    combat.push(MoveCounter(combatant="bandit1", segment=6))
    assert model.index(row, COLUMNS.index("Next tick")).data() == "6"


def test_combatants_model_resets_when_someone_joins(combat: CombatModel, qtbot: QtBot) -> None:
    """A combatant added mid-fight appears as a new last row."""
    model = CombatantsModel(combat)
    extra = started_session().state.combatants["bandit1"].character
    with qtbot.waitSignal(model.modelReset):
        combat.push(AddCombatant(id="bandit9", character=extra, side="enemy"))
    assert model.index(model.rowCount() - 1, 0).data(ID_ROLE) == "bandit9"


def test_log_model_passes_the_model_tester(combat: CombatModel, qtmodeltester: ModelTester) -> None:
    """The log list keeps Qt's model contract as rows come and go."""
    model = CombatLogModel(combat)
    qtmodeltester.check(model)
    combat.push(MoveCounter(combatant="bandit1", segment=6))
    combat.undo_stack.undo()
    qtmodeltester.check(model)


def test_log_tree_with_details_passes_the_model_tester_through_undo_and_redo(
    qtmodeltester: ModelTester,
) -> None:
    """Entries with consequence rows keep Qt's tree contract after a hit, undo and redo."""
    combat = first_tick_model()
    model = CombatLogModel(combat)
    qtmodeltester.check(model)
    attack = ResolveAttack(
        "ejava", 0, attack=DiceEntry.of_successes(6), defence=Defence("parry:Straight sword")
    )
    assert combat.push(DeclareFlurry("ejava", (SWORD_AT_BANDIT,))) is None
    assert combat.push(attack) is None
    roll = DamageRoll("ejava", "bandit", lethal=DiceEntry.of_successes(3))
    assert combat.push(ApplyTickEffects((roll,))) is None
    assert model.rowCount(model.index(model.rowCount() - 1, 0)) == 2
    for step in (combat.undo_stack.undo, combat.undo_stack.undo, combat.undo_stack.redo):
        step()
        qtmodeltester.check(model)
    assert model.rowCount(model.index(model.rowCount() - 1, 0)) == 1


def test_log_model_adds_the_newest_sentence_last_and_removes_it_on_undo(
    combat: CombatModel, qtbot: QtBot
) -> None:
    """A move adds one row at the end with its sentence; undo removes exactly that row."""
    model = CombatLogModel(combat)
    rows = model.rowCount()
    with qtbot.waitSignal(model.rowsInserted):
        combat.push(MoveCounter(combatant="bandit1", segment=6))
    assert model.rowCount() == rows + 1
    assert model.index(rows, 0).data() == combat.session.log[-1].sentence
    with qtbot.waitSignal(model.rowsRemoved):
        combat.undo_stack.undo()
    assert model.rowCount() == rows


def test_a_new_session_clears_history_and_resets_the_log(combat: CombatModel, qtbot: QtBot) -> None:
    """Opening another combat empties the undo stack and the log view."""
    model = CombatLogModel(combat)
    combat.push(MoveCounter(combatant="bandit1", segment=6))
    with qtbot.waitSignal(model.modelReset):
        combat.set_session(CombatSession.new())
    assert combat.undo_stack.count() == 0
    assert model.rowCount() == 0
    assert combat.wheel().counters == ()


def test_a_move_after_the_end_is_refused(combat: CombatModel) -> None:
    """Once the combat has ended, dragging a counter is refused and nothing moves."""
    combat.push(EndCombat())
    assert combat.push(MoveCounter(combatant="bandit1", segment=6)) is not None
    assert _tick(combat, "bandit1") == 4
