"""Rules between fields of a body that the API document says in words but OpenAPI 3.0 cannot
state without splitting the body's schema in two (which would split a generated client's type
too): generated data that breaks them is not schema-valid data, so it is left out.
"""

import schemathesis

# Formats without Swiss rounds; any other format, or none (a Swiss), needs at least one.
NO_SWISS = {"round_robin", "double_round_robin", "single_elimination", "double_elimination"}


def swiss_without_rounds(body):
    return (
        isinstance(body, dict)
        and body.get("rounds") == 0
        and body.get("format") not in NO_SWISS
    )


@schemathesis.hook("filter_body").apply_to(operation_id="createEvent")
def filter_body_create_event(ctx, body):
    return not swiss_without_rounds(body)


# A change of the number of rounds to 0 is refused for an event that is (or becomes) a Swiss,
# which the event's format decides.
@schemathesis.hook("filter_body").apply_to(operation_id="updateEvent")
def filter_body_update_event(ctx, body):
    return not swiss_without_rounds(body)


@schemathesis.hook("filter_body").apply_to(operation_id="decideResult")
def filter_body_decide_result(ctx, body):
    replay = isinstance(body, dict) and body.get("result") == "replay"
    return not (replay and not str(body.get("reason") or "").strip())
