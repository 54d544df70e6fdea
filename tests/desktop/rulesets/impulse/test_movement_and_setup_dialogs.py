"""Move, Dash, Disengage, the order roll, the ambush, ties and the GM's hand."""

from __future__ import annotations

import random

from battlewheel.engine.rulesets.impulse import ChangeInitiative, EndTurn, StartCombat
from battlewheel.engine.rulesets.impulse.odds import contest_odds
from battlewheel.views.rulesets.impulse.gm_dialogs import GmEditDialog
from battlewheel.views.rulesets.impulse.setup_dialogs import AmbushDialog, OrderDialog, TieDialog
from battlewheel.views.rulesets.impulse.turn_dialogs_movement import (
    DashDialog,
    DisengageDialog,
    MoveDialog,
)
from tests.desktop.rulesets.impulse.fight import (
    in_melee,
    set_up_model,
    started_model,
    tied_model,
    unrolled_model,
)
from tests.desktop.showing import Shown


def test_a_move_closes_one_band_toward_the_fighters_ticked(shown: Shown) -> None:
    """Toward the Chief and the Archer together: short -> melee, medium -> short (001 §Move)."""
    model = started_model()
    dialog = shown(MoveDialog(model))
    dialog.picks["chief"].setChecked(True)
    dialog.picks["archer"].setChecked(True)
    assert dialog.steps_text().splitlines() == [
        "Bandit Chief: short \u2192 melee",
        "Bandit Archer: medium \u2192 short",
        "No cost; it uses this round's movement.",
    ]
    dialog.accept()
    state = model.state
    assert (state.band("jade", "chief"), state.band("jade", "archer")) == (0, 1)


def test_a_dash_costs_two_impulse_and_a_point_of_dv_and_not_twice_running(shown: Shown) -> None:
    """Two bands away from the Chief (short -> long); DV 4 -> 3; round 2 refuses another."""
    model = started_model()
    dialog = shown(DashDialog(model))
    dialog.picks["chief"].setChecked(True)
    dialog.away.setChecked(True)
    assert dialog.steps_text().splitlines() == [
        "Bandit Chief: short \u2192 long",
        "Cost: 2 Impulse (4 \u2192 2); DV 4 \u2192 3 for a round",
        "No Dash next round.",
    ]
    dialog.accept()
    jade = model.state.combatants["jade"]
    assert (jade.impulse, jade.dv, model.state.band("jade", "chief")) == (2, 3, 3)
    while model.state.acting_key != "jade" or model.state.round == 1:
        assert model.push(EndTurn()) is None
    again = shown(DashDialog(model))
    again.picks["chief"].setChecked(True)
    assert again.refusal().endswith("dashed last round and cannot dash two rounds running")


def test_disengage_shows_each_contest_and_its_chance(shown: Shown) -> None:
    """The Chief's Dex 2 + Athletics 2 = 4 dice against Jade's Evasion 3 (light armour +0).

    4 successes beat 3: he keeps up, the band stays melee, and the 2 Impulse are paid
    (ruling disengage_cost_on_fail "paid").
    """
    model = started_model(*in_melee("chief"))
    dialog = shown(DisengageDialog(model))
    chance = contest_odds(4, 3)
    assert dialog.rolls["chief"].title_label.text() == (
        f"Bandit Chief (4 dice, {chance:.0%} to keep up)"
    )
    assert dialog.odds is not None and dialog.odds.hit_chance == chance
    dialog.rolls["chief"].set_typed("4")
    assert dialog.steps_text().splitlines()[1] == (
        "Bandit Chief: 4 successes against Evasion 3: keeps up"
    )
    dialog.accept()
    assert model.state.band("jade", "chief") == 0
    assert model.state.combatants["jade"].impulse == 2


def test_disengage_past_a_foe_who_fails_reaches_short_range(shown: Shown) -> None:
    """2 successes do not beat Evasion 3: Jade is at short; the Chief is locked out."""
    model = started_model(*in_melee("chief"))
    dialog = shown(DisengageDialog(model))
    dialog.rolls["chief"].set_typed("2")
    dialog.accept()
    assert model.state.band("jade", "chief") == 1
    assert model.state.combatants["chief"].has("lockout")


def test_the_order_roll_reads_faces_and_shows_the_order(shown: Shown) -> None:
    """Faces 6 / 3 / 7 2 / 5 plus Initiative: the demo's order (001 §Turn Order)."""
    model = unrolled_model()
    dialog = shown(OrderDialog(model))
    dialog.rows["chief"].faces_field.setText("7")
    assert dialog.rows["chief"].message.text() == "2 faces, one per action"
    dialog.rows["jade"].faces_field.setText("11")
    assert dialog.rows["jade"].message.text() == "faces are whole numbers 1-10"
    for cid, faces in (("jade", "6"), ("reed", "3"), ("chief", "7 2"), ("archer", "5")):
        dialog.rows[cid].faces_field.setText(faces)
    lines = dialog.steps_text().splitlines()
    assert lines[2] == "Bandit Chief: 7 + 3 = 10, 2 + 3 = 5"
    assert lines[-1] == (
        "Order: Harmonious Jade 10 \u2192 Bandit Chief 10 \u2192 Swift Reed 8 "
        "\u2192 Bandit Archer 7 \u2192 Bandit Chief 5"
    )
    dialog.accept()
    assert model.state.combatants["chief"].orders == (10, 5)
    model.undo_stack.undo()
    assert all(not f.orders for f in model.state.combatants.values())


def test_roll_all_rolls_every_row_and_records(shown: Shown) -> None:
    """Roll all fills each row with faces; Record places everyone."""
    model = unrolled_model()
    dialog = shown(OrderDialog(model))
    dialog.roll_all.click()
    assert all(row.faces() is not None for row in dialog.rows.values())
    dialog.accept()
    assert all(len(f.orders) == f.character.actions for f in model.state.combatants.values())


def test_an_ambushed_player_who_loses_the_contest_stays_caught(shown: Shown) -> None:
    """Reed: Cunning 4 + Awareness 2 = 6 dice; the Archer: Cunning 1 + Stealth 2 = 3 dice."""
    model = set_up_model()
    dialog = shown(AmbushDialog(model))
    dialog.marks["reed"].setChecked(True)
    rolls, ambusher, seen, hidden = dialog.contests["reed"]
    rolls.setChecked(True)
    ambusher.setCurrentIndex(ambusher.findData("archer"))
    seen.set_typed("1")
    hidden.set_typed("2")
    assert dialog.steps_text().splitlines() == [
        "Swift Reed: Cunning + Awareness 6 dice against Bandit Archer's Cunning + Stealth "
        "3 dice: 1 against 2: is caught (a tie: the ambush stands)",
        "Caught unawares: Swift Reed",
    ]
    dialog.accept()
    assert model.push(StartCombat()) is None
    reed = model.state.combatants["reed"]
    assert reed.impulse == 0 and model.state.order()[-1].cid == "reed"


def test_an_ambushed_player_who_sees_it_coming_is_not_caught(shown: Shown) -> None:
    """3 against 1: Reed sees the ambush; one undo takes back the mark and the contest."""
    model = set_up_model()
    dialog = shown(AmbushDialog(model))
    dialog.marks["reed"].setChecked(True)
    rolls, _ambusher, seen, hidden = dialog.contests["reed"]
    rolls.setChecked(True)
    seen.set_typed("3")
    hidden.set_typed("1")
    dialog.accept()
    assert not model.state.combatants["reed"].ambushed
    assert model.undo_stack.count() == 1


def test_a_tie_is_settled_in_the_order_the_list_shows(shown: Shown) -> None:
    """Jade and the Chief tie at 10; a coin puts them in a random order, recorded as shown."""
    model = tied_model()
    dialog = shown(TieDialog(model))
    (listing,) = dialog.lists
    assert dialog.keys(listing) == ("jade", "chief")
    dialog.flip(listing, random.Random(2))
    shown_order = dialog.keys(listing)
    dialog.accept()
    tied = [e.key for e in model.state.order() if e.value == 10]
    assert tuple(tied) == shown_order


def test_a_tie_for_the_coming_round_is_offered_with_its_value(shown: Shown) -> None:
    """In round 1 Harmonious Jade lowers her order from 10 to the Archer's 7 (free): the
    dialog offers that tie, at 7, as the player's pick, and settles it for round 2."""
    model = started_model(ChangeInitiative("jade", 7))
    dialog = shown(TieDialog(model))
    (listing,) = dialog.lists
    assert dialog.keys(listing) == ("jade", "archer")
    title = listing.parentWidget().title()
    assert title.startswith("Tied at 7: ") and "player picks" in title
    dialog.accept()
    assert model.state.tie_breaks[-2:] == ("jade", "archer")


def test_the_gm_sets_cover_and_a_range_as_one_undo_step(shown: Shown) -> None:
    """Partial cover: Jade's DV 4 -> 6 (001 §Situational Defenses); the Chief to melee."""
    model = started_model()
    dialog = shown(GmEditDialog(model, "jade"))
    dialog.cover.setCurrentText("partial")
    dialog.bands["chief"].setCurrentText("melee")
    assert dialog.steps_text().splitlines() == [
        "Harmonious Jade now has partial cover.",
        "GM sets Harmonious Jade and Bandit Chief at melee range.",
    ]
    dialog.accept()
    assert model.state.combatants["jade"].dv == 6 and model.state.band("jade", "chief") == 0
    model.undo_stack.undo()
    assert model.state.combatants["jade"].dv == 4 and model.state.band("jade", "chief") == 1
