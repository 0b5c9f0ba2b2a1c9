"""Rules between fields of a body that the API document says in words but OpenAPI 3.0 cannot
state without splitting the body's schema in two (which would split a generated client's type
too): a Swiss has rounds, the last day is not before the first, a replay has a reason.
Generated data that breaks them is not schema-valid data, so it is left out.
"""

import schemathesis

# Formats without Swiss rounds; any other format, or none (a Swiss), needs at least one.
NO_SWISS = {"round_robin", "double_round_robin", "single_elimination", "double_elimination"}


def swiss_without_rounds(body):
    # Negative bodies pass through the filters too: any shape may come.
    if not isinstance(body, dict):
        return False
    rounds, format_ = body.get("rounds"), body.get("format")
    return type(rounds) is int and rounds == 0 and not (
        isinstance(format_, str) and format_ in NO_SWISS
    )


def dates_reversed(body):
    if not isinstance(body, dict):
        return False
    first, last = body.get("starts_on"), body.get("ends_on")
    # ISO dates compare as text.
    return isinstance(first, str) and isinstance(last, str) and last < first


@schemathesis.hook("filter_body").apply_to(operation_id="createEvent")
def filter_body_create_event(ctx, body):
    return not (swiss_without_rounds(body) or dates_reversed(body))


# Within one change the same rules hold (a change refused only because of a setting it leaves
# as it was is 409, the event's state).
@schemathesis.hook("filter_body").apply_to(operation_id="updateEvent")
def filter_body_update_event(ctx, body):
    return not (swiss_without_rounds(body) or dates_reversed(body))


@schemathesis.hook("filter_body").apply_to(operation_id="decideResult")
def filter_body_decide_result(ctx, body):
    if not isinstance(body, dict) or body.get("result") != "replay":
        return True
    reason = body.get("reason")
    return not (reason is None or (isinstance(reason, str) and not reason.strip()))
