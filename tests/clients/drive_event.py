"""Drives a whole Swiss event through a client generated from the served OpenAPI document,
with no hand-written HTTP call: python3 drive_event.py BASE_URL TOKEN CLIENT_DIR RECORDS.json

RECORDS.json is a list of finished game records (KGN); one is sent for every board. Prints the
final standings as JSON; exits non-zero at the first answer that is not the one expected."""

import json
import sys

base, token, client_dir, records_path = sys.argv[1:5]
sys.path.insert(0, client_dir)

from kiela_client import AuthenticatedClient, Client  # noqa: E402
from kiela_client.api.events import create_event, get_event  # noqa: E402
from kiela_client.api.games import get_game, submit_record  # noqa: E402
from kiela_client.api.players import add_player, list_players  # noqa: E402
from kiela_client.api.rounds import get_round, pair_next_round  # noqa: E402
from kiela_client.api.standings import get_standings  # noqa: E402
from kiela_client.models import NewEvent, NewPlayer, RecordBody  # noqa: E402
from kiela_client.models.error import Error  # noqa: E402

records = json.load(open(records_path))
organiser = AuthenticatedClient(base_url=base, token=token, raise_on_unexpected_status=True)
public = Client(base_url=base, raise_on_unexpected_status=True)


def ok(answer, what):
    if answer is None or isinstance(answer, Error):
        sys.exit(f"{what}: {answer}")
    return answer


created = ok(create_event.sync(client=organiser, body=NewEvent(name="Aberto gerado", rounds=3)), "create")
names = ["Ana Kiala", "Bento Lunda", "Carla Muxima", "Domingos Neto", "Eva Quissama"]
for i, name in enumerate(names):
    ok(add_player.sync(created.id, client=organiser, body=NewPlayer(name=name, rating=1900 - 20 * i)), name)
players = ok(list_players.sync(created.id, client=public), "players")
assert [p.name for p in players.players] == names, players

sent = 0
for number in range(1, 4):
    paired = ok(pair_next_round.sync(created.id, client=organiser), f"pair round {number}")
    assert paired.round_ == number, paired
    for board in paired.pairings:
        if board.second is None or not isinstance(board.game_id, int):
            continue
        outcome = ok(
            submit_record.sync(board.game_id, client=organiser, body=RecordBody(record=records[sent])),
            f"record of game {board.game_id}",
        )
        sent += 1
        game = ok(get_game.sync(board.game_id, client=public), f"game {board.game_id}")
        assert game.id == board.game_id, game
    shown = ok(get_round.sync(created.id, number, client=public), f"round {number}")
    assert shown.round_ == number

event = ok(get_event.sync(created.id, client=public), "event")
standings = ok(get_standings.sync(created.id, client=public), "standings")
print(json.dumps({
    "state": str(event.state.value if hasattr(event.state, "value") else event.state),
    "records": sent,
    "rows": [{"name": r.name, "points": r.points, "rank": r.rank} for r in standings.rows],
}))
