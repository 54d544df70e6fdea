"""The combat log's sentences, one per action kind, as a GM at the table should read them."""

from __future__ import annotations

import json

from battlewheel.bundled import resource
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.rulesets.rewrite import (
    Advance,
    ApplyTickEffects,
    AwardStunt,
    CombatSession,
    Concealment,
    CycleHealthBox,
    DamageRoll,
    DeclareConcealment,
    DeclaredManoeuvre,
    DeclareFlurry,
    DeclareMovement,
    EndCombat,
    MoveCounter,
    NextTick,
    RaiseAlarm,
    ReduceSurprise,
    RegainMotes,
    RemoveCombatant,
    ResolveAttack,
    ResolveCounterattack,
    RollAmbush,
    RollJoinBattle,
    SetHealth,
    SetOverride,
    SpendWillpower,
    StartCombat,
)
from battlewheel.engine.rulesets.rewrite.actions import Action, AddCombatant
from battlewheel.engine.rulesets.rewrite.block import CharacterKind
from battlewheel.engine.rulesets.rewrite.rules.attack import failed_outcome
from battlewheel.engine.rulesets.rewrite.rules.tables import weapon
from battlewheel.engine.rulesets.rewrite.sentences.narration import outcome_sentence
from tests.engine.rulesets.rewrite.helpers import person, typed

# Ana: Dexterity 3 + Brawl 2, Strength 2; her Punch has Accuracy 1, an automatic success.
# Bo: Dexterity 2, Dodge 1, Essence 1 (no Essence term below 2), Stamina 2: Dodge DV
# (2 + 1) / 2 = 1 (a mortal rounds down), bashing soak 2, and a track of 7 levels and
# 2 Dying boxes (000 §Health Levels).
ANA = person(
    "Ana",
    attributes={"strength": 2, "dexterity": 3, "stamina": 2, "wits": 2, "perception": 2},
    abilities={"brawl": 2, "awareness": 1},
)
BO = person(
    "Bo",
    attributes={"strength": 2, "dexterity": 2, "stamina": 2, "wits": 2, "perception": 2},
    abilities={"dodge": 1, "stealth": 2},
)


def _setup() -> CombatSession:
    session = CombatSession.new()
    session.apply(AddCombatant("ana", ANA, "ally"))
    session.apply(AddCombatant("bo", BO, "enemy"))
    return session


def _started() -> CombatSession:
    """Join Battle 3 and 1: Reaction Count 3, so Ana acts on tick 1 and Bo on tick 3."""
    session = _setup()
    session.apply(RollJoinBattle("ana", typed(3)))
    session.apply(RollJoinBattle("bo", typed(1)))
    session.apply(StartCombat())
    return session


def _logged(session: CombatSession, action: Action) -> str:
    """Apply ``action`` and return its log sentence, checking the undo text matches it."""
    before = session.describe(action)
    session.apply(action)
    assert session.undo_text == before
    return session.log[-1].sentence


def _events(session: CombatSession) -> list[str]:
    return [event.text for event in session.log[-1].events]


def _punching_tick() -> CombatSession:
    session = _started()
    session.apply(Advance())
    session.apply(DeclareFlurry("ana", (DeclaredManoeuvre("attack", "Punch", "bo"),)))
    return session


def test_roster_sentences_name_the_side() -> None:
    """Joining names the side; leaving names who left."""
    session = CombatSession.new()
    assert _logged(session, AddCombatant("ana", ANA, "ally")) == "Ana joins the fight as an ally."
    assert _logged(session, RemoveCombatant("ana")) == "Ana leaves the fight."


def test_an_empty_join_battle_pool_says_no_dice_and_zero_successes() -> None:
    """A pool of nothing rolls no faces: 'no dice, 0 successes', not an empty bracket."""
    roll = RollJoinBattle("zed", DiceEntry.of_faces(()))
    assert roll.sentence({"zed": "Zed"}.__getitem__) == (
        "Zed rolls Join Battle: no dice, 0 successes."
    )


def test_a_typed_single_success_is_singular() -> None:
    """One typed success reads '1 success', never '1 successes'."""
    session = _setup()
    assert _logged(session, RollJoinBattle("bo", typed(1))) == (
        "Bo rolls Join Battle: 1 success typed."
    )


def test_an_ambush_tells_the_margin_of_surprise_and_a_reveal_its_drop() -> None:
    """Stealth 4 against SDV (2 + 1 + 1) / 2 = 2 in cover: margin 2; stepping out by 1 leaves 1."""
    session = _setup()
    hide = DeclareConcealment("bo", (Concealment("ana"),))
    assert _logged(session, hide) == "Bo hides from Ana."
    assert (
        _logged(session, RollAmbush("bo", typed(4)))
        == "Bo rolls to stay hidden: 4 successes typed."
    )
    assert "Ana is not aware of Bo (margin of surprise 2)." in _events(session)
    reveal = ReduceSurprise("bo", 1)
    assert _logged(session, reveal) == "Bo's margin of surprise against Ana drops by 1 (now 1)."
    assert _logged(session, reveal) == (
        "Bo's margin of surprise against Ana drops by 1 (Ana is now aware)."
    )


def test_the_tick_counter_sentences_give_the_tick_and_who_acts() -> None:
    """Start, advance to tick 1 where Ana acts, and the next ticks 2 (nobody) and 3 (Bo)."""
    session = _started()
    assert session.log[-1].sentence == "The battle begins: counters go on the wheel."
    assert _logged(session, Advance()) == "Advance to tick 1 (Ana acts)."
    guard = DeclareFlurry("ana", (DeclaredManoeuvre("guard"),))
    assert _logged(session, guard) == "Ana declares a flurry: Guard. Speed 3, no DV penalty."
    effects = _logged(session, ApplyTickEffects())
    assert effects == "Tick 1's effects: no damage marked, counters moved."
    assert "Ana's counter moves on to tick 4 (Speed 3)." in _events(session)
    assert _logged(session, NextTick()) == "Next tick (tick 2)."
    assert _logged(session, NextTick()) == "Next tick (tick 3: Bo acts)."


def test_an_attack_names_its_target_weapon_and_place_in_the_flurry() -> None:
    """Ana's Punch at Bo, the only attack of her flurry, with the GM's typed successes."""
    session = _punching_tick()
    assert (
        session.log[-1].sentence == "Ana declares a flurry: Attack Bo with Punch. Speed 5, DV -1."
    )
    sentence = _logged(session, ResolveAttack("ana", 0, typed(4)))
    assert sentence == "Ana attacks Bo with Punch (attack 1 of 1): 4 successes typed."


def test_a_hit_gives_its_damage_after_soak_and_the_damage_the_track_after() -> None:
    """4 typed + Accuracy 1 - DV 1 = 4, + Strength 2 = 6 bashing dice, less soak 2: 4 dice;
    2 levels typed mark //....... on Bo (wound penalty -1); Ana's Punch (Speed 5) to tick 6."""
    session = _punching_tick()
    session.apply(ResolveAttack("ana", 0, typed(4)))
    assert _events(session) == [
        "Ana's Punch hits Bo: 4 damage dice, bashing, after soak (rolled at the tick's end)."
    ]
    damage = ApplyTickEffects((DamageRoll("ana", "bo", bashing=typed(2)),))
    assert _logged(session, damage) == "Tick 1's effects: damage marked on Bo, counters moved."
    assert _events(session)[:2] == [
        "Bo takes 2 bashing from Ana: now //....... (-1).",
        "Ana's counter moves on to tick 6 (Speed 5).",
    ]


def test_a_miss_gives_the_successes_against_the_dv() -> None:
    """No typed success + Accuracy 1 against Dodge DV 1 leaves no excess: a miss."""
    session = _punching_tick()
    session.apply(ResolveAttack("ana", 0, typed(0)))
    assert _events(session) == ["Ana's Punch misses Bo (1 success against DV 1)."]


def test_the_gms_hand_on_the_track_reads_back_the_marks_and_penalty() -> None:
    """A click marks box 1 bashing; XX//..... is 2 lethal, 2 bashing, down to the 4th box (-2)."""
    session = _started()
    click = _logged(session, CycleHealthBox("bo", 0))
    assert click == "GM marks Bo's box 1 (-0) bashing: track /........, wound penalty -0."
    whole = _logged(session, SetHealth("bo", "XX//....."))
    assert whole == "GM sets Bo's health to 2 lethal, 2 bashing (XX//.....), wound penalty -2."


def test_a_click_on_an_empty_box_names_the_box_it_marked() -> None:
    """Box 4 clicked on an empty track marks box 1 (the track fills in order) and says so."""
    session = _started()
    click = _logged(session, CycleHealthBox("bo", 3))
    assert click == "GM marks Bo's box 1 (-0) bashing: track /........, wound penalty -0."
    assert "clears" not in click
    again = _logged(session, CycleHealthBox("bo", 0))
    assert again.startswith("GM turns Bo's box 1 (-0) from bashing to lethal")
    session.apply(CycleHealthBox("bo", 0))  # lethal to aggravated
    cleared = _logged(session, CycleHealthBox("bo", 0))
    assert cleared.startswith("GM clears Bo's box 1 (-0) (aggravated removed)")


def test_a_dragged_counter_gives_its_tick_and_segment() -> None:
    """Tick 10 on a seven-segment wheel is segment 3."""
    session = _started()
    assert _logged(session, MoveCounter("bo", tick=10)) == (
        "GM moves Bo's counter to tick 10 (segment 3)."
    )


def test_an_override_names_the_value_as_the_sheet_does() -> None:
    """dodge_dv reads 'Dodge DV', with the GM's reason; clearing says so."""
    session = _started()
    set_it = SetOverride("ana", "dodge_dv", 4, "blessing")
    assert _logged(session, set_it) == "GM sets Ana's Dodge DV to 4 (blessing)."
    clear = SetOverride("ana", "dodge_dv", None)
    assert _logged(session, clear) == "GM clears the override of Ana's Dodge DV."


def test_a_stunt_names_its_reward_and_when_it_comes() -> None:
    """A Solar's 2-die stunt taken as Willpower: 1 Willpower at the next DV refresh."""
    session = CombatSession.new()
    session.apply(AddCombatant("sun", person("Sun", kind=CharacterKind.SOLAR), "ally"))
    session.apply(RollJoinBattle("sun", typed(2)))
    session.apply(StartCombat())
    assert _logged(session, AwardStunt("sun", 2, "willpower")) == (
        "Sun earns a 2-die stunt: 1 Willpower at their next DV refresh."
    )


def test_the_remaining_plain_sentences() -> None:
    """Alarm, movement, pools and the end read as one plain sentence each."""
    session = _started()
    assert _logged(session, RaiseAlarm()) == "Someone raises the alarm; everyone hears it."
    assert _logged(session, DeclareMovement("ana", 2)) == "Ana moves 2 yards."
    assert _logged(session, SpendWillpower("ana")) == "Ana spends 1 Willpower."
    assert _logged(session, EndCombat("fled")) == "The combat ends. (fled)"


def test_a_block_of_a_place_says_what_it_guards_and_a_counterattack_its_weapon() -> None:
    """The Block's note is the place guarded; a counterattack names target and weapon."""
    names = {"ana": "Ana", "bo": "Bo"}.__getitem__
    block = DeclareFlurry("ana", (DeclaredManoeuvre("block", label="the gate"),))
    assert block.sentence(names) == "Ana declares a flurry: Block, guarding the gate."
    counter = ResolveCounterattack("ana", "bo", "Punch", typed(1))
    assert counter.sentence(names) == "Ana counterattacks Bo with Punch: 1 success typed."
    assert RegainMotes("ana", 2).sentence(names) == "Ana regains 2 personal motes."


def test_a_perfect_defence_is_named_in_the_failed_attack() -> None:
    """In the bundled example the spear fails against Seven Shadows Evasion."""
    text = resource("examples", "exalt-versus-extras.json").read_text(encoding="utf-8")
    session = CombatSession.from_json(json.loads(text))
    texts = [event.text for entry in session.log for event in entry.events]
    spear = "Soldier 2's Spear fails against Harmonious Jade"
    assert f"{spear} (Seven Shadows Evasion, a perfect defence)." in texts


def test_a_refused_action_is_still_described_plainly() -> None:
    """Next tick before anyone has declared is refused; its undo text falls back to plain words."""
    session = _started()
    session.apply(Advance())
    assert session.refusal(NextTick()) is not None
    assert session.describe(NextTick()) == "Next tick."


def test_an_attack_aborted_at_a_blocker_says_why_it_failed() -> None:
    """The failed outcome's note names the Block it could not pass."""
    outcome = failed_outcome(weapon("Punch"), "blocked", notes=("could not get past Cy's Block",))
    assert outcome_sentence("Ana", "Bo", outcome) == (
        "Ana's Punch fails against Bo (could not get past Cy's Block)."
    )
