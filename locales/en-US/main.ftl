site-name = Kiela
site-tagline = Kiela tournaments: pairings, verified results and standings
nav-home = Home
nav-events = Events
nav-account = My account
nav-admin = Administration
nav-login = Log in
nav-signup = Sign up
nav-logout = Log out
nav-language = Language
nav-skip = Skip to content
footer-text = Kiela tournament manager
home-title = Kiela tournaments
home-intro = Follow pairings, standings and every game of Kiela tournaments. Players submit the move record of each game; the rules engine checks it and computes the result.
home-welcome = Welcome, { $name }.
home-get-started = Sign up or log in to take part.
login-title = Log in
login-email = E-mail address
login-password = Password
login-submit = Log in
login-no-account = No account yet?
login-forgot = Forgot your password?
signup-title = Create an account
signup-name = Your name
signup-email = E-mail address
signup-password = Password (at least 8 characters)
signup-submit = Create account
signup-have-account = Already have an account?
account-title = My account
account-email = E-mail address
account-name = Name
account-role = Role
account-password-title = Change password
account-password-current = Current password
account-password-new = New password (at least 8 characters)
account-password-submit = Change password
account-tokens-title = API tokens
account-tokens-intro = Tokens let scripts and other programs use the JSON API on your behalf. A token is shown only once, when it is created.
account-tokens-label = Label
account-tokens-created = Created
account-tokens-last-used = Last used
account-tokens-never = never
account-tokens-revoked = revoked
account-tokens-revoke = Revoke
account-tokens-create = Create token
account-tokens-none = You have no API tokens.
account-token-new = Your new token (copy it now, it will not be shown again):
admin-users-title = Accounts
installation-title = This installation
installation-name = Name
installation-id = Code
installation-role = Role
installation-role-venue = Venue: registers people under local ids (L-code-number) and carries its events to the federation
installation-role-federation = Federation: holds the national registry and rating list, issues national ids
installation-federation = Pushes its events to
installation-role-to-state = This installation issued ids of the national form (K0000001…) before installations had roles. Set installation_role = "federation" if it is the federation's server, or "venue" (docs/archive.md, "Roles").
installation-hint = The name, role and federation are set in the configuration:
installation-code-hint = The code was made at first start and is part of every local id issued here.
installation-fingerprint = Signing key fingerprint
installation-fingerprint-hint = Every archive this installation writes is signed with its key. The installation that takes its archives (the federation's) approves the key once, after comparing this fingerprint with the one it is shown: read it out to its administrator.
venues-title = Venues whose archives are taken here
venues-hint = A venue's first archive registers its signing key; its archives are refused until you approve the key. Ask the venue's administrator for the fingerprint on their administration page and type it to approve: an archive under the venue's code signed by any other key is refused. Forget a venue that was reinstalled with a new key; its next archive registers the new one.
venues-none = No venue has sent an archive yet.
venues-fingerprint = Key fingerprint
venues-first-seen = First archive
venues-type-fingerprint = Fingerprint as the venue reads it
venues-approve = Approve the key
venues-forget = Forget
venues-forget-confirm = Forget this venue? Its next archive registers its key again, waiting for approval.
venue-state-pending = waiting for approval
venue-state-approved = approved
admin-users-list = Accounts of this installation
admin-users-email = E-mail
admin-users-name = Name
admin-users-role = Role
admin-users-save = Save
role-admin = Administrator
role-organiser = Organiser
role-arbiter = Arbiter
role-player = Player
flash-signed-up = Your account is ready. Welcome!
flash-logged-in = You are logged in.
flash-logged-out = You are logged out.
flash-password-changed = Your password was changed. Your other sessions were ended.
flash-email-change-sent = A link is on its way to the new address: open it to make the change. Until then your address stays as it is.
flash-email-changed = The account's address has changed: sign in with the new one from now on.
flash-token-revoked = The token was revoked.
flash-role-changed = The role was changed.
error-title-400 = Bad request
error-title-403 = Not allowed
error-title-404 = Page not found
error-title-405 = Method not allowed
error-title-413 = Too large
error-title-429 = Too many attempts
error-title-500 = Something went wrong
error-title-503 = Service unavailable
error-back-home = Back to the home page
error-bad_request = The request could not be understood.
error-forbidden = You are not allowed to do this.
error-csrf = The form has expired or did not come from this site. Go back, reload the page and try again.
error-not_found = There is nothing at this address.
error-method_not_allowed = This address does not accept this kind of request.
error-method_not_allowed-allow = This address answers { $allow }.
error-payload_too_large = What you sent is larger than this site accepts.
error-payload_too_large-limit = What you sent is larger than the { $megabytes } MB this address accepts.
error-rate_limited = Too many attempts in a short time. Wait a few minutes and try again.
error-internal = An unexpected error happened. It was logged; please try again.
error-unavailable = The database is not answering. Please try again shortly.
error-bad_credentials = Wrong e-mail address or password.
error-email_invalid = This is not a valid e-mail address.
error-email_taken = An account with this e-mail address already exists.
error-name_empty = Please enter a name.
error-name_too_long = The name is too long (at most 100 characters).
error-name_invalid = The name contains characters that are not allowed.
error-password_too_short = The password must have at least 8 characters.
error-password_too_long = The password is too long (at most 256 characters).
error-password_wrong = The current password is not correct.
error-role_unknown = Unknown role.
error-label_invalid = The label is not valid.
audit-account = account
audit-round-board = round { $round }, board { $board }
audit-game = game
audit-player = player
board-cancel = Back to the game
board-claim = How the game ended
board-illegal = This move is not possible:
board-label = Kiela board
board-north = North
board-south = South
board-over = The game is over:
board-play = play this hole
board-rearrange = Rearrangement (expert)
board-rearrange-play = Play the rearrangement
board-to-move = to move
board-undo = Undo last move
bye-half = half point
bye-zero = zero points
claim-draw = Draw by agreement
claim-resign-north = North resigned
claim-resign-south = South resigned
claim-time-north = North lost on time
claim-time-south = South lost on time
col-action = Action
col-actions = Actions
col-board = Board
col-club = Club
col-detail = Detail
table-all-columns = Show every column
col-event = Event
col-email = E-mail
col-first = First to move
col-link = Personal link
col-name = Name
col-number = No.
col-points = Pts
col-province = Province
col-rank = Rank
col-rating = Rating
col-result = Result
col-role = Role
col-second = Second to move
col-status = Status
col-when = When
col-who = Who
decision-double-forfeit = Neither came
decision-wins = { $winner } wins
decision-forfeit-win = { $winner } wins, { $absent } did not come
decision-draw = draw
event-accelerated = Accelerated pairings (Baku method)
event-check-in = Players must check in before each round
event-dates = Dates
event-ends-on = Last day
event-format = Format
event-games-per-match = Games per match
event-games-per-match-hint = (knockout)
event-grand-final-reset = Grand final reset (double elimination)
event-initial-colour = Top seed in round 1
event-initial-first = moves first
event-initial-second = moves second
event-knockout-size = Knockout size
event-knockout-size-hint = (Swiss then knockout)
event-location = Venue
event-name = Name
event-no-rounds = No round has been paired yet.
event-options = Options
event-players = Players
event-points = Points
event-points-bye = Bye
event-points-draw = Draw
event-points-loss = Loss
event-points-win = Win
event-public-page = Public page
event-register = Register for this event
event-register-login = Log in to register for this event
event-registered = You are registered.
event-rounds = Rounds
event-rounds-hint = (Swiss)
event-self-registration = Players may register themselves (the organiser approves)
event-starts-on = First day
event-state = State
event-third-place = Third-place match
event-tiebreaks = Tie-breaks
event-tiebreaks-hint = in order, from:
event-variant = Variant
events-create = Create event
events-import = Import a TRF file
events-new = New event
events-none = There are no events yet.
events-search = Search
events-search-hint = name or place
events-season = Season
events-circuit = Circuit
events-any = any
events-find = Search
events-none-found = No event matches the search.
events-found = { $count ->
        [one] { $count } event
       *[other] { $count } events
    }
events-round-of = Round { $round } of { $rounds }
events-pages = Pages of the event list
events-title = Events
game-approve = Approve this result
game-board = Board { $board }
game-captured = { $stones ->
        [one] { $stones } stone captured
       *[other] { $stones } stones captured
    }
game-confirm = Confirm this result
game-decide = Decide the result
game-decision-reason = Reason
game-dispute = Dispute
game-dispute-reason = Why?
game-enter-on-board = Enter the game on the board
game-first-mover = moves first
game-move = move
game-paste-record = Paste the game record (KGN)
game-pending = A result is waiting for confirmation:
game-plies = Plies
game-ply = Ply { $ply }
game-record = Game record
game-replay = Replay
game-status = Status
game-final-at = The result is agreed. It becomes final on { $at }, when the public sees the last move (the event's delay): until then the public follows the game as in play, and a dispute is still possible.
game-submissions = Submissions
game-submit = Submit the record
import-intro = Paste a FIDE tournament report file (TRF). A new event is created with its players, rounds and results, and can be continued here.
import-submit = Import
manage-add-player = Add a player
manage-add-staff = Add
manage-import = Import
manage-import-csv = Import players (CSV)
manage-import-csv-hint = One player per line: name, rating, club, province. Or begin with a header line naming the columns, in any order: name, rating, club, province, email, sex (F/M), birth_year, federation_id, tags (the Portuguese and French names of the columns are understood too). Nothing is imported if a line is wrong.
manage-import-line = Line { $line }
manage-import-rejected = Nothing was imported. These lines were rejected:
manage-pair-round = Pair round { $number }
manage-remove = Remove
manage-save = Save
manage-settings = Settings
manage-staff = Organisers and arbiters
nav-audit = Audit log
nav-bracket = Bracket
nav-crosstable = Crosstable
nav-manage = Manage
nav-players = Players
nav-queue = Arbiter queue
nav-standings = Standings
personal-intro = Your games. Open one to submit or confirm its record.
personal-no-games = You have no games yet.
player-approve = Approve
player-bye = Bye
player-bye-points = Points
player-bye-round = Round
player-check-in = Check in
player-check-out = Check out
player-checked-in = present
player-not-checked-in = not checked in
player-missed-points = Missed rounds score
player-share-link = send as a message
player-copy-link = copy the link
player-link-copied = link copied
player-share-text = Hello { $name }, this is your personal link for { $event }: { $url } It shows your pairings and lets you send or confirm your games’ results. Do not share it.
personal-holder = This link is personal: whoever holds it sees your games and sends or confirms results in your name. Do not share it; if you lose it, ask the organiser for a new one.
player-personal-link = personal link
player-withdraw = Withdraw
player-withdraw-confirm = Withdraw this player from the event?
player-withdrawn = withdrawn
queue-empty = No game is waiting.
fair-play-title = Fair play
fair-play-intro = Every final game is compared with the engine's review of it: how many of a player's moves were the engine's first choice, and how many stones they cost on average, against what players of the same rating do. The score says how far a player's play lies from that, in standard errors; larger means less likely without help. Players at or past the threshold are marked for you to look at.
fair-play-limits = A score is a reason to look, never proof. A strong day, a player better than the rating says, or a game of simple positions can score high; a player helped only now and then may score low. Decide nothing on the number alone: look at the games, the time taken over them, and what happened in the hall. Only the event's arbiters and organisers see this page.
fair-play-progress = { $screened } of { $games ->
        [one] { $games } final game
       *[other] { $games } final games
    } screened.
fair-play-from-installation = Expected play is measured on { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    } of this installation's other events.
fair-play-from-simulation = Expected play is measured on simulated players of each rating (this installation holds too few other games yet).
fair-play-pending = The expected play is being computed: come back in a minute.
fair-play-threshold = Marked from a score of { $threshold }; a player needs { $moves ->
        [one] { $moves } counted move
       *[other] { $moves } counted moves
    } for a score. The opening's first four plies, forced moves and decided positions are not counted.
fair-play-games = Games
fair-play-moves = Moves counted
fair-play-matched = Engine's move
fair-play-cost = Average cost
fair-play-score = Score
fair-play-flagged = to look at
fair-play-expected = expected { $value }
fair-play-decision = Decision
fair-play-decision-no_action = No action
fair-play-decision-warned = Warned
fair-play-decision-referred = Referred to the federation
fair-play-decisions = Decisions
fair-play-no-decision = No decision recorded yet.
fair-play-decide = Record a decision
fair-play-note = Note: what you looked at, what was said, to whom it went
fair-play-record = Record the decision
fair-play-first-title = Review first
fair-play-first-hint = The engine reviews every final game in the background, oldest first. Ask for this event's games to go before other events' for the next two days, when you need its screening soon.
fair-play-first = Review this event's games first
fair-play-first-until = This event's games are reviewed before other events' until { $until }.
fair-play-graph = Cost of each of the player's moves, and the time taken on each move entered live
fair-play-graph-key = In each graph, a bar per move of the player: its height is what the move cost against the engine's (up to 10 stones); dark bars are the engine's own move, faint bars are moves not counted. The line is the time taken on each move entered live.
fair-play-game-heading = Round { $round }, board { $board }
fair-play-game-summary = The engine's move on { $matched } of { $moves ->
        [one] { $moves } counted move
       *[other] { $moves } counted moves
    }; average cost: { $cost }.
fair-play-timing = Time per move entered live, in seconds: median { $seconds }, spread { $spread } (a small spread is the same time on easy and hard moves).
fair-play-untimed = The moves were not entered live: no times.
fair-play-plies = Every move
fair-play-ply = Ply
fair-play-played = Notation
fair-play-move-cost = Cost
fair-play-seconds = Seconds
fair-play-counted = Counted
fair-play-yes = yes
fair-play-left-out-opening = no: opening
fair-play-left-out-forced = no: forced
fair-play-left-out-decided = no: decided position
fair-play-no-games = No game of this player is screened yet.
fair-play-other-events = Other events here
fair-play-no-other-events = No other event of this player at this installation.
fair-play-person-title = Fair play across events
fair-play-person-limits = This person's screening in each event at this installation, each judged as that event's arbiters see it. Only administrators see this page. A score opens an inquiry, never decides one.
replay-first = Start
replay-last = End
replay-next = Next
replay-prev = Previous
round-back = Back to the round
round-bye = bye
round-discard = Discard this draft
round-discard-confirm = Discard the draft pairings?
round-draft = draft
round-draft-notice = These pairings are a draft: only organisers and arbiters see them until they are published.
round-exchange = Exchange two players
round-player-a = Player
round-player-b = with
round-publish = Publish
round-review = Review
round-sheet = Pairing sheet
round-starts = Starts
round-swap = Swap who moves first
round-title = Round { $number }
staff-arbiter = arbiter
staff-organiser = organiser
standings-after = After round { $round }
standings-wall-chart = Wall chart
audit-staff_added = staff added
audit-staff_removed = staff removed
audit-player_added = player added
audit-players_imported = players imported
audit-player_registered = player registered
audit-player_approved = registration approved
audit-player_withdrawn = player withdrawn
audit-bye_requested = bye requested
audit-round_paired = round paired
audit-round_published = round published
audit-first_move_swapped = first move swapped
audit-players_exchanged = players exchanged
audit-draft_discarded = draft discarded
audit-record_rejected = record rejected
audit-record_final = result final (arbiter's record)
audit-record_confirmed = result confirmed
audit-record_submitted = record submitted
audit-records_differ = records differ
audit-result_disputed = result disputed
audit-dispute_reason = reason for the dispute
audit-record_approved = result approved by an arbiter
audit-arbiter_decision = arbiter's decision
audit-decider_added = decider game added
audit-trf_imported = TRF imported
flash-event-created = The event was created.
flash-saved = Saved.
flash-fair-play-decided = Decision recorded.
flash-fair-play-first = This event's games are now reviewed first.
flash-player-added = The player was added.
flash-players-imported = The players were imported.
flash-player-withdrawn = The player was withdrawn.
flash-player-approved = The registration was approved.
flash-bye-recorded = The bye was recorded.
flash-staff-added = The role was given.
flash-staff-removed = The role was removed.
flash-registered = Your registration is sent; it waits for the organiser's approval.
flash-event-imported = The tournament was imported.
flash-round-paired = The round was paired as a draft. Review it, then publish it.
flash-round-published = The round was published.
flash-draft-discarded = The draft was discarded.
flash-round-changed = The pairing was changed.
flash-result-final = The result is final.
flash-result-disputed = The result is disputed; an arbiter will decide.
flash-result-pending = The record was accepted and waits for your opponent's confirmation.
format-swiss = Swiss
format-round_robin = Round robin
format-double_round_robin = Double round robin
format-single_elimination = Single elimination
format-double_elimination = Double elimination
format-swiss_then_knockout = Swiss, then knockout
game-status-scheduled = to be played
game-status-pending = awaiting confirmation
game-status-disputed = disputed
game-status-final = final
player-status-pending = awaiting approval
player-status-active = playing
player-status-withdrawn = withdrawn
reason-bad_record = The record cannot be read
reason-move_after_game_end = A move after the end of the game
reason-bad_notation = Not a move
reason-illegal_move = Illegal move
reason-wrong_player = The other player's hole
reason-endless_move = Endless move
reason-incomplete_record = The game is not finished
reason-result_mismatch = The result does not match the game
reason-final_position_mismatch = The final position does not match
reason-plies_mismatch = The number of plies does not match
round-state-draft = draft
round-state-published = published
state-registration = registration
state-running = in progress
state-finished = finished
termination-no_stones = no stones left
termination-no_legal_move = no legal move
termination-only_endless_moves = only endless moves
termination-resignation = resignation
termination-time_forfeit = lost on time
termination-agreement = agreement
termination-adjudication = arbiter's decision
tiebreak-BH = Buchholz
tiebreak-BH-C1 = Buchholz cut 1
tiebreak-BH-M1 = Median Buchholz
tiebreak-SB = Sonneborn-Berger
tiebreak-DE = Direct encounter
tiebreak-WIN = Rounds won
tiebreak-WON = Games won
tiebreak-ARO = Average rating of opponents
tiebreak-KS = Koya
tiebreak-PS = Progressive score
variant-beginner = Beginner
variant-advanced = Advanced
variant-expert = Expert
error-unauthorized = This request needs an API token: send the header Authorization: Bearer <token>.
error-bad_token = The API token is unknown or revoked.
error-malformed = The request could not be read.
error-malformed-reason = The request could not be read: { $reason }
error-malformed-field = The field `{ $field }` could not be read: { $reason }
error-malformed-not-an-object = the JSON body must be an object
error-malformed-not-utf8 = the record must be UTF-8 text
error-unsupported_media_type = This kind of content is not accepted here.
error-unprocessable = The request was understood but refused.
error-conflict = This cannot be done in the current state.
error-login_required = Please log in.
error-number_invalid = Please enter a number.
error-format_unknown = Unknown format.
error-variant_unknown = Unknown variant.
error-rounds_invalid = The number of rounds is not valid (1 to 99 for a Swiss).
error-games_per_match_invalid = Games per match must be between 1 and 9.
error-knockout_size_invalid = The knockout size must be between 2 and 256.
error-tiebreak_unknown = This tie-break code is not known:
error-date_invalid = This is not a valid date.
error-dates_reversed = The last day is before the first.
error-location_invalid = The venue is not valid.
error-points_invalid = Points must be between 0 and 100, in tenths.
error-points_order = A win must score more than a loss, and a draw in between.
error-colour_invalid = Unknown first-move choice.
error-event_started = Once play has started the format, variant and first move cannot change, the Swiss rounds cannot be fewer than those paired, and once the knockout has begun its size and match length are fixed.
error-account_unknown = There is no account with this e-mail address.
error-owner_is_organiser = The event's creator stays its organiser.
error-field_invalid = A field is too long or contains characters that are not allowed.
error-rating_invalid = The rating must be a number from 0 to 4000.
error-missed_points_invalid = Missed rounds score zero or half a point.
error-csv_unreadable = This line cannot be read.
error-csv_too_many_fields = More fields than columns (name, rating, club, province, or those the header line names).
error-csv_empty = There is nothing to import.
error-event_finished = The event is finished.
error-already_registered = You are already registered.
error-not_pending = This registration is not waiting for approval.
error-already_withdrawn = The player has already withdrawn.
error-bye_kind_invalid = A bye is worth half a point or zero.
error-bye_round_invalid = Byes can be requested for rounds not yet paired.
error-round_already_paired = That round is already paired.
error-no_valid_pairing = No pairing respects the rules (rematches, byes, colours).
error-no_more_rounds = All rounds have been played.
error-not_enough_players = At least two players are needed.
error-round_not_published = The current round is not published yet:
error-round_open = The current round still has games without a final result, on boards:
error-decider_needed = A knockout match is level and needs a decider game.
error-round_exists = That round was just paired by someone else.
error-already_published = The round is already published.
error-round_published = A published round cannot be changed.
error-bye_has_no_colours = A bye has no first move to swap.
error-same_player = Choose two different players.
error-player_not_in_round = That player is not in this round.
error-not_last_round = Only the last round can be discarded.
error-invalid_record = The record is not valid.
error-record_unfinished = The record does not finish the game: play it to the end, or say how it ended.
error-record_mismatch = The record does not match the pairing:
error-game_has_no_opponent = This game has no opponent.
error-game_final = This game already has a final result.
error-stale = Someone changed this game at the same moment; please try again.
error-nothing_to_confirm = There is no result to confirm.
error-cannot_confirm_own = You cannot confirm your own record.
error-reason_too_long = The reason is too long.
error-note_too_long = The note is too long: at most 2,000 characters.
error-fair_play_decision_unknown = Choose a decision: no action, warned or referred.
error-result_invalid = Unknown result.
error-trf_invalid = The TRF file cannot be imported:
error-round_not_published_yet = The round is not published yet.
crosstable-first = f
crosstable-second = s
crosstable-legend = Each cell: the opponent's rank, f (moved first) or s (second), and the result (+ and - are forfeits). Without an opponent: + pairing bye, ½ half-point bye, – absent.
player-performance = Performance
player-next-game = Next game:
player-open-game = open
player-results = Results
player-opponent = Opponent
player-tiebreaks = Tie-breaks
player-breakdown-intro = What each round adds to Buchholz (the opponent's score, adjusted for unplayed rounds; the player's own score for a round without a game) and to Sonneborn-Berger (the same, times the points scored).
player-contribution = Buchholz part
player-sb-part = SB part
player-unplayed = no game
player-cut = cut
player-voluntary = voluntarily unplayed
bracket-bye = (bye)
bracket-waiting = …
bracket-champion = Champion:
bracket-not-seeded = The knockout stage has not started yet.
bracket-games = see the games
scoresheets-title = Scoresheets
scoresheets-print-hint = Print this page: one sheet per board.
scoresheets-qr = Scan to submit the result
scoresheets-signatures = Signatures
round-scoresheets = Scoresheets
event-exports = Downloads
event-calendar = Calendar (iCal)
event-all-games = All games (KGN)
event-trf = Tournament report (TRF)
game-first-mover-label = Moves first
why-link = Why this pairing?
why-title = Why this pairing
why-intro = How the Dutch system (FIDE C.04.3) paired this round, board by board. Scores are those before the round.
why-accelerated = This event uses Baku acceleration: the scores include the virtual points given to the top half of the field in the first rounds.
why-same-group = Both are in the score group of { $score ->
        [one] { $score } point
       *[other] { $score } points
    }.
why-floater = { $player } ({ $high ->
        [one] { $high } point
       *[other] { $high } points
    }) moved down to meet { $other } ({ $low ->
        [one] { $low } point
       *[other] { $low } points
    }): the higher score group could not pair everyone within it.
why-virtual = { $player } counts { $points ->
        [one] { $points } virtual point
       *[other] { $points } virtual points
    } this round.
why-standard-kept = This is the standard pairing of the score group: the top half against the bottom half, in order.
why-standard-rematch = The standard pairing would have been { $player } against { $expected }, but they have already played each other: rematches are never allowed.
why-standard-clash = The standard pairing would have been { $player } against { $expected }, but both must take the same side (absolute preferences), so they cannot meet.
why-standard-quality = The standard pairing would have been { $player } against { $expected }; the exchange gives more players their preferred first move or avoids repeated floats, which the rules weigh in that order.
why-already-met = { $player } has already played { $names } of this score group.
why-preferences = Going in: { $first } { $first_pref }; { $second } { $second_pref }.
pref-none = has no preference
pref-first-absolute = must move first
pref-first-strong = strongly prefers to move first
pref-first-mild = would like to move first (alternation)
pref-second-absolute = must move second
pref-second-strong = strongly prefers to move second
pref-second-mild = would like to move second (alternation)
why-fm-first-round = { $player } moves first: in round 1 the first move alternates down the boards from the event's choice for the top board.
why-fm-both = { $player } moves first: both players get the side they prefer.
why-fm-only = { $player } moves first: only { $chooser } has a preference, and gets it.
why-fm-stronger = { $player } moves first: both want the same side, and { $chooser } has the stronger preference.
why-fm-history = { $player } moves first: both want the same side equally; going back to the last round in which their sides differed, the alternation favours { $chooser }.
why-fm-ranking = { $player } moves first: both want the same side, equally and with the same history, and { $chooser } is ranked higher.
why-fm-none = { $player } moves first: neither has a preference, so the sides alternate by ranking.
why-fm-by-hand = { $player } moves first because the organiser swapped the first move by hand.
why-board-by-hand = The organiser changed this board by hand after pairing.
why-bye-lowest = { $player } ({ $score ->
        [one] { $score } point
       *[other] { $score } points
    }) has the bye: the lowest score, and the lowest-ranked player with it, among those who have not yet had a bye or a win without playing.
why-bye-constrained = { $player } ({ $score ->
        [one] { $score } point
       *[other] { $score } points
    }) has the bye: giving it to a lower player would have broken a more important rule (a rematch or a first-move limit).
why-bye-by-hand = { $player } has the bye, set by hand.
why-bye-ineligible = Not eligible for the bye (already had one, or a win without playing): { $names }.
error-not_a_swiss_round = Only Swiss rounds have a pairing explanation.
error-registration_closed = This event does not take registrations from players; ask the organiser.
game-upload-record = Or send the record as a file (.kgn or text):
game-upload-submit = Send the file
error-record_file_missing = Choose the record file to send.
error-record_file_not_text = The file is not a text record (KGN in UTF-8).
account-password-revoke-tokens = Also revoke all my API tokens
account-password-sessions = Changing the password signs out every other browser where this account is signed in.
account-email-title = Change the e-mail address
account-email-new = The new address
account-email-hint = A link goes to the new address: your address changes only once it is opened (within { $hours } hours). Until then you sign in with this one.
account-email-no-mail = This site sends no e-mail for now: the link waits to go out until a mail server is configured.
account-email-submit = Send the link
email-change-title = A new e-mail address
email-change-confirm = Make { $email } the address of your account? From then on you sign in with it, and messages go to it.
email-change-submit = Confirm the new address
email-change-dead = This link has been used, or is more than { $hours } hours old, or a newer one was asked for. Ask again on your account page.
error-busy = The server is busy. Please try again in a few seconds.
error-last_admin = This is the installation's only administrator: make another account administrator first.
error-own_game = You play in this game, so you cannot decide, confirm or enter its result as staff: another arbiter or organiser must.
personal-account-title = Your account
personal-linked-to-you = This entry is linked to your account: your games can also be reached when you are signed in.
personal-linked-other = This entry is linked to an account. If that is not you, tell the organiser.
personal-claim-intro = You are signed in as { $name }. If this entry is yours, link it to your account: you will then find your games when signed in, on any device.
personal-claim = This is me: link to my account
personal-claim-sign-in = With an account you can link this entry to it and find your games when signed in.
flash-player-claimed = The entry is now linked to your account.
flash-player-linked = The entry was linked to the account.
flash-player-unlinked = The entry is no longer linked to an account.
flash-link-reissued = A new personal link was made; the old one no longer works.
error-entry_taken = This entry is already linked to another account.
error-account_has_entry = This account already has an entry in this event.
player-reissue = new link
player-reissue-confirm = Make a new personal link? The old one stops working at once.
player-account-linked = linked to an account
player-unlink = unlink
player-link-suggested = Link to the account of { $name }
player-link = link to an account
player-link-submit = Link
player-reissue-account = The account linked to this entry
player-reissue-end = unlink it (whoever claimed the entry with the old link no longer acts for it)
player-reissue-keep = keep it
player-account-linked-to = linked to the account of { $name }
player-account-via-link = through the personal link, not confirmed
player-account-via-organiser = by the staff
player-account-via-registration = by its own registration
player-account-confirm = Confirm it is this person
player-account-person-differs = In the federation's registry the account is bound to { $name } ({ $id }), who is not this entry's person. Check before approving or changing the federation id.
error-title-408 = Too slow
error-body_timeout = The form or file did not arrive in time. Check the connection and send it again.
audit-player_claimed = entry linked by its player (personal link)
audit-player_linked = entry linked to an account by the organiser
audit-player_unlinked = entry unlinked from its account
audit-link_reissued = new personal link made
error-own_entry = This is your own entry: another organiser must change its account.
error-pairing_violates_criteria = The pairing found breaks an absolute criterion, so it was not kept. Please report this to the software's maintainers.
error-game_not_final = This game has no final result yet: decide it instead of correcting it.
error-reason_required = Give the reason.
audit-result_corrected = final result corrected
audit-record_accepted = record accepted by the arbiter
audit-replay_ordered = game to be replayed
audit-decision_reason = reason of the decision
outcome-draw = Draw
outcome-draw-adjudication = Draw by the arbiter's decision
outcome-double-forfeit = Both players lose by forfeit
outcome-forfeit = { $winner } wins by forfeit: { $loser } did not play
outcome-no_stones = { $winner } wins: { $loser } has no stones left
outcome-no_legal_move = { $winner } wins: { $loser } cannot move
outcome-only_endless_moves = { $winner } wins: { $loser } has only endless moves
outcome-resignation = { $winner } wins: { $loser } resigned
outcome-time_forfeit = { $winner } wins: { $loser } lost on time
outcome-adjudication = { $winner } wins by the arbiter's decision
outcome-win = { $winner } wins
outcome-after-plies = { $outcome }, at ply { $plies }
board-marked = the move in question
game-dispute-reason-shown = Why the result is disputed:
game-refused-board = The board before the move, with its hole marked:
game-fix-on-board = Fix it on the board from the last good move
game-pending-record = Record waiting for confirmation
game-not-our-game = This is not our game: dispute
game-paste-corrected-record = Paste a record (yours is final at once)
game-records-part = The two latest records part at ply { $ply }:
game-record-ended = (the record has ended)
game-position-before = The position before that ply, both moves marked:
game-submission-by = Record sent by { $name }
submitter-player = player
submitter-arbiter = arbiter
submitter-organiser = organiser
submission-status-pending = awaiting confirmation
submission-status-disputed = disputed
submission-status-confirmed = confirmed
submission-status-final = final (staff)
submission-status-superseded = superseded
game-submission-refused = Refused
game-replay-this = Replay this record
game-accept-record = Accept this record
game-correct = Correct the final result
game-correct-help = The standings and everything after are recomputed; you are told which later boards would have been paired differently.
game-correction-reason = Reason (required)
game-correction = Correction
game-corrected-from = Result corrected by the staff (it was { $previous }). Reason:
game-record-ends = The record, kept as it was played, ends { $result }.
decision-replay = Replay the game
game-replay-of-submission = Replay of the record sent by { $name }
game-replay-of-pending = Replay of the record waiting for confirmation
game-replay-live = In play: the moves so far, the last one shown
game-corrected-later-rounds = The result is corrected and the standings recomputed. Later rounds were paired on the old result; these boards would now be paired differently:
game-corrected-later-help = Leave them as they are (the games were played), or withdraw the last round while none of its results is final and pair it again.
flash-result-corrected = The result is corrected and the standings recomputed.
flash-replay-ordered = The game is to be replayed: its records are set aside.
error-round_has_results = A game of this round already has a final result: the round can no longer be withdrawn.
error-boards_empty = Give at least one board.
error-player_unknown = A player on the boards is not entered in this event.
error-player_not_active = A player on the boards is withdrawn or not yet approved.
error-player_twice = A player is on two boards.
error-player_has_games = This player has games in the event: withdraw them instead.
audit-round_withdrawn = round withdrawn (back to draft)
audit-round_paired_by_hand = round paired by hand
audit-player_edited = player details changed
audit-player_removed = player removed
audit-registration_rejected = registration rejected
manage-import-duplicates = The players are imported. These lines look like an entry already there (same name and club, or same e-mail address); remove the extra entry if it is one:
manage-import-already-entered = These lines look like players entered already (same name and club, or same e-mail address). Nothing was imported: a file sent twice does not double the field.
manage-import-already-entered-hint = Take those lines out and send the file again; or, if they really are other people, tick the box below the file.
manage-import-also-entered = Also enter the lines that look like players entered already
flash-player-added-duplicate = The player is added, but an entry with the same name and club (or e-mail address) was already there: check the list.
round-hand-warnings = Saved as you set it. It breaks these absolute criteria (overridden, and logged):
criterion-rematch = players who have met before
criterion-colour_difference = first-move difference beyond two
criterion-same_colour_thrice = moves first (or second) three times running
criterion-second_bye = a second round won without playing
criterion-paired_times = not on exactly one board
round-pair-again = Pair this round again
round-pair-again-confirm = Discard these pairings and pair the round again from the event as it stands?
round-by-hand = Pair by hand
round-by-hand-hint = Set every board: who moves first and the opponent (none: the bye). Broken criteria are shown as warnings; your pairing stands.
round-by-hand-publish = Publish at once
round-by-hand-save = Save these pairings
round-withdraw = Withdraw this round (back to draft)
round-withdraw-confirm = Withdraw the published pairings? Records already sent for this round are set aside.
flash-round-withdrawn = The round is withdrawn: it is a draft again.
player-reject = Reject
player-reject-reason = Reason (kept in the change log)
player-edit = Edit
player-remove = Remove this entry
player-remove-confirm = Remove this entry? Only an entry that has played no game can be removed.
flash-player-edited = The player's details are saved.
flash-player-removed = The entry is removed.
flash-registration-rejected = The registration is rejected.
event-registration-pending = Your registration waits for the organiser's approval.
event-you-withdrawn = You are withdrawn from this event.
event-you-checked-in = You are checked in for the next round.
event-you-not-checked-in = You are not checked in yet: tell the arbiter you are here.
nav-my-games = My games
col-round = Round
my-number = Pairing number { $number }
my-opponent = Opponent
my-you-move-first = you move first
my-opponent-moves-first = your opponent moves first
my-action-submit = After the game, send its record.
my-action-confirm = Your opponent sent the record: check it and confirm it (or dispute it).
my-action-await_opponent = Your record waits for your opponent's confirmation.
my-action-await_arbiter = The result is disputed: the arbiter decides.
my-action-none = Nothing to do.
my-go-submit = Enter the result
my-go-confirm = Check and confirm
my-go-await_opponent = Open the game
my-go-await_arbiter = Open the game
my-go-none = Open the game
my-nothing-to-do = Nothing to do for now (round { $round }).
my-games-title = My games
my-games-none = No event entry is linked to your account yet. Open your personal link and choose “this is me”, or ask the organiser to link your entry.
personal-print-slip = Print my slip
slips-title = Personal links
slips-print-hint = Print this page and cut along the lines: one slip per player.
hall-phones-open = Phones in the hall open
hall-no-address = This page was opened as the laptop itself (localhost): on a phone that address is the phone, so no QR code or link is printed here.
hall-no-address-fix = Start the program in hall mode and open this page at the address it prints (or set base_url):
join-title = Join sheet
join-intro = A sheet to print and stick where the players arrive: the hall's Wi-Fi (a code that joins it), then the address of this site (a code and in large type), then how to find one's games.
join-network = The Wi-Fi's name
join-password = Its password
join-open = The network has no password
join-password-hint = The password is written on the sheet and in its code, and kept nowhere. Without a password (and not an open network), the sheet gives the network's name only.
join-make = Make the sheet
join-again = Another sheet
join-step-wifi = 1. Join the Wi-Fi
join-wifi-scan = Point the phone's camera at the code to join it.
join-step-site = 2. Open Kiela
join-step-games = 3. Find your games
join-games = On the site: the tournament, then Players, then your name; your slip's code and your board's scoresheet open your game at once. No internet is needed: the site is this laptop.
hall-staff-laptop-only = At this venue, accounts sign in on the laptop itself: the hall's network is shared with everyone in the hall, and a password sent over it could be read by any phone on it. Players need no account: the code on their slip or their board's scoresheet opens their game.
reset-title = A new password
reset-password = The new password
reset-hint = At least 8 characters. Every session of the account ends: sign in again with the new password. The account's API tokens are kept (revoke them on the account page).
reset-submit = Set the password
reset-ask-again = This link has been used, or is more than 30 minutes old. Ask for a new one ("Forgot your password?" on the sign-in page), or ask an administrator.
reset-made-title = A one-time link for a new password
reset-made-for = For { $email }. Hand it over in person (or read it out): it sets the account's password once.
reset-made-hint = It works for { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    } and once; it is shown only now. Making it was written in the account's log.
admin-reset-link = Link for a new password
flash-password-reset = The password was set and every session of the account ended: sign in with it.
forgot-title = Forgot your password
forgot-explain = Give the address you sign in with. If it is an account's, a link that sets a new password is sent to it.
forgot-no-mail = This site sends no e-mail (no mail server is configured): ask an administrator for a link to set a new password.
forgot-submit = Send the link
forgot-sent = If { $email } is the address of an account, a link to set a new password is on its way to it. It works for { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }, and once.
forgot-sent-hint = Nothing came? Look in the spam folder, check the address, or ask an administrator for a link.
unsubscribe-title = Announcements by e-mail
unsubscribe-receiving = { $email } receives the announcements of the events it plays in: rounds published, final rankings, organisers' notices.
unsubscribe-stopped = { $email } receives no more announcements.
unsubscribe-stop = No more announcements
unsubscribe-again = Receive announcements again
unsubscribe-hint = Messages about your own games (a record to confirm, a dispute, a correction) and links for a new password are still sent: they answer something you did or must do.
flash-unsubscribed = Done: no more announcements to this address.
flash-resubscribed = Done: announcements are sent to this address again.
flash-notice-queued = { $queued ->
        [one] The notice waits to be sent to { $queued } player.
       *[other] The notice waits to be sent to { $queued } players.
    }
flash-notice-none = No player of this event has an e-mail address: nothing was sent.
flash-message-again = The message waits to be sent again.
mail-title = Mail
mail-no-smtp = This installation has no mail server (smtp_url): messages wait here and go out once one is configured and reachable.
mail-count-waiting = { $count ->
        [one] { $count } message waiting
       *[other] { $count } messages waiting
    }
mail-count-sent = { $count ->
        [one] { $count } message sent
       *[other] { $count } messages sent
    }
mail-count-failed = { $count ->
        [one] { $count } message failed
       *[other] { $count } messages failed
    }
mail-dropped = { $count ->
        [one] { $count } message was not queued: the outbox was full.
       *[other] { $count } messages were not queued: the outbox was full.
    }
mail-choice-title = What the event sends
mail-language = Language of messages
mail-language-hint = For players without an account; a player with an account gets messages in the language they sign in with.
mail-choice-sends = Messages to players
mail-choice-disputes = A dispute opened, and decided
mail-kind-password_reset = Link for a new password
mail-kind-personal_link = Personal link
mail-kind-round_published = Round published (board, who plays first, opponent)
mail-kind-confirmation_wanted = Record to confirm
mail-kind-dispute_opened = Dispute opened
mail-kind-dispute_decided = Dispute decided
mail-kind-result_corrected = Result corrected
mail-kind-final_ranking = Final ranking
mail-kind-notice = Notice
mail-state-waiting = waiting
mail-state-sent = sent
mail-state-failed = failed
mail-notice-title = A notice to every player
mail-notice-text = Notice
mail-notice-hint = Sent to every player of the event with an e-mail address, in the event's language. At most 5,000 characters.
mail-notice-send = Send the notice
mail-list-title = Messages
mail-list-empty = No message yet.
mail-col-to = To
mail-col-kind = Message
mail-col-state = State
mail-col-when = When
mail-again = Send again
mail-attempts = { $count ->
        [one] { $count } attempt
       *[other] { $count } attempts
    }
mail-next-attempt = next at
mail-answer = The mail server's answer
mail-sent-at = sent
mail-greeting = Hello { $name },
mail-footer-event = You receive this message because you play in { $event }, organised at { $site }.
mail-footer-account = Sent by { $site } to the address of your account, { $email }.
mail-footer-email_change = Sent by { $site } to { $email }, the address asked for the account of { $name }.
mail-footer-email_changed = Sent by { $site } to { $email }, the address your account had until now.
mail-unsubscribe = No more announcements
mail-outcome-won = you won
mail-outcome-lost = you lost
mail-outcome-drawn = a draw
mail-outcome-won_forfeit = you won by forfeit
mail-outcome-lost_forfeit = you lost by forfeit
mail-outcome-double_forfeit = a forfeit by both players
mail-outcome-bye = a bye
mail-password_reset-subject = A new password for { $site }
mail-password_reset-body = Someone (you, we hope) asked for a new password for the account { $email }. The link below sets it; it works for { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }, and once. If you did not ask, do nothing: your password stays as it is.
mail-password_reset-action = Set a new password
mail-email_change-subject = Confirm your new address for { $site }
mail-email_change-body = Someone (you, we hope) asked to make this the address of the account of { $name } at { $site }. The link below confirms it; it works for { $hours ->
        [one] { $hours } hour
       *[other] { $hours } hours
    }, and once. Until it is opened the account keeps its address. If you did not ask, do nothing.
mail-email_change-action = Confirm this address
mail-email_changed-subject = The address of your account at { $site } has changed
mail-email_changed-body = The address of the account of { $name } is now { $new }: messages and reset links go there, and this address no longer signs in. If you did not make this change, tell the site's administrator at once.
mail-personal_link-subject = { $event }: your personal link
mail-personal_link-body = This is your personal link to { $event }: your games, your boards, and the records you enter. Keep it to yourself: it is your key. A link sent to you earlier no longer works.
mail-personal_link-action = Open my page
mail-round_published-subject = { $event }: round { $round }, board { $board }
mail-round_published-body = Round { $round } is published. You play on board { $board } against { $opponent }, and you { $first ->
        [yes] play first
       *[no] play second
    }.
mail-round_published-bye = Round { $round } is published. You have a bye in this round.
mail-round_published-starts = The round starts at { $time }.
mail-round_published-action = Open my game
mail-confirmation_wanted-subject = { $event }: confirm the record of round { $round }
mail-confirmation_wanted-body = { $opponent } sent the record of your game in round { $round } (board { $board }). Check it, then confirm it, or dispute it if it is wrong: the result counts once you both stand behind it.
mail-confirmation_wanted-action = Check the record
mail-dispute_opened-subject = { $event }: round { $round }, board { $board } goes to the arbiter
mail-dispute_opened-body = The records of your game against { $opponent } in round { $round } (board { $board }) differ, or one of you disputed the result. An arbiter decides; you will be told the decision.
mail-dispute_opened-action = Open the game
mail-dispute_decided-subject = { $event }: the arbiter decided round { $round }, board { $board }
mail-dispute_decided-body = The arbiter decided your game against { $opponent } in round { $round } (board { $board }): { $outcome }.
mail-dispute_decided-action = Open the game
mail-result_corrected-subject = { $event }: a result of yours was corrected
mail-result_corrected-body = The result of your game against { $opponent } in round { $round } (board { $board }) was corrected: { $outcome } (before: { $before }).
mail-result_corrected-action = Open the game
mail-final_ranking-subject = { $event }: the final ranking
mail-final_ranking-body = { $event } is over. You finished in place { $rank } of { $players }, with { $points ->
        [one] { $points } point
       *[other] { $points } points
    }.
mail-final_ranking-shared = { $event } is over. You share places { $rank } to { $place_to } of { $players }, with { $points ->
        [one] { $points } point
       *[other] { $points } points
    }.
mail-final_ranking-prize = Your prize: { $amount } { $currency }.
mail-final_ranking-prize-category = Your prize in { $category }: { $amount } { $currency }.
mail-final_ranking-action = See my games and the ranking
mail-notice-subject = { $event }: a notice from the organisers
mail-notice-body = The organisers of { $event } write to every player:
mail-notice-action = Open the event
error-reset_link_dead = This link for a new password has been used or has expired.
error-email_change_link_dead = This link for a new address has been used or has expired.
error-email_unchanged = This is already the address of your account.
error-message_not_resendable = This message cannot be sent again (it is still waiting, or it was a link for a new password, which the account asks for anew).
error-outbox_full = The outbox is full: messages wait for the mail server. Try again once they have gone out.
error-notice_empty = Write the notice first.
error-notice_too_long = A notice has at most 5,000 characters.
slips-explain = Scan the code (or type the address) to see your games and enter your results. Keep it to yourself: it is your key.
slips-copy-title = List to send by message
slips-copy-hint = Copy each player's line into a message to that player only.
enter-title = Enter the result
enter-how = The result of this game is entered by one of its two players:
enter-with-link = open your personal link (the code on your slip) on this phone, then scan this code again;
enter-sign-in = or sign in with the account linked to your entry;
enter-not-your-game = you are signed in, but not as one of this game's players;
enter-ask-arbiter = or hand the scoresheet to the arbiter.
enter-view-game = See the game
manage-slips = Personal link slips
claim-none = — not finished (choose how it ended) —
error-go-back = Back to where you were
queue-ask-dispute = Disputed: compare the records and decide
queue-ask-pending_too_long = Waiting too long for the opponent's confirmation: approve it or ask the opponent
queue-ask-pending = Waiting for the opponent's confirmation
queue-ask-forfeit = A player is withdrawn: decide the forfeit
queue-ask-unfinished = The round waits for this game: enter its result or decide
queue-since = since
error-nobody_checked_in = Nobody is checked in for this round yet: check the players in who are present, then pair.
enter-continue-as = Continue as { $name }
enter-not-you = Not { $name }? This device remembers their personal link; use your own, or sign in.
error-submission_closed = This record was set aside: it can no longer be accepted.
audit-record_set_aside = record set aside (kept here)
error-later_round_paired = The next knockout round is already paired with this match's winner: withdraw it first, then correct the result.
submission-status-rejected = refused
standings-final = Final ranking
standings-final-note = The event is finished. Knockout players are placed by how far they got (shared places by seed), the others by their standings.
standings-knockout = Knockout
standings-knockout-games = Games (W–D–L)
standings-swiss-points = Swiss points
standings-knockout-won = won
standings-knockout-lost = lost
csv-place-to = To place
csv-last-match = Last match
csv-won = W
csv-drawn = D
csv-lost = L
event-result = Result
event-champion = champion
event-boards-finished = { $done } of { $total ->
        [one] { $total } board finished
       *[other] { $total } boards finished
    }
standings-final-note-swiss = The event is finished: this is its final ranking.
standings-knockout-running = A knockout has no standings while it runs: follow it on the bracket; its final ranking appears here once it is over.
error-sex_invalid = Sex is F or M (or left empty).
error-birth_year_invalid = The year of birth must be a year from 1900 to this year.
error-federation_id_invalid = The federation id is up to 30 letters, digits or dashes.
error-federation_id_local = This is a venue's local id, not a national federation id: the person is matched when the venue's event is imported.
col-sex = Sex
sex-F = female
sex-M = male
col-birth-year = Year of birth
col-federation-id = Federation id
error-sharing_invalid = Sharing is equal, hort or tiebreak.
error-currency_invalid = The currency is a three-letter code (AOA, USD, ...).
error-prize_invalid = A prize is an amount from 0 or a short text, and a list has at most 200 prizes and 50 categories.
audit-prizes_set = prize fund set
prizes-title = Prizes
prizes-provisional = Provisional: the event is not finished, the list follows the current standings.
prizes-sharing-equal = Level players share the prizes of their places equally.
prizes-sharing-hort = Level players share by the Hort system: half by place, half equally.
prizes-sharing-tiebreak = Prizes go by the tie-break order, not shared.
prizes-none = No prize is awarded yet.
prizes-prize = Prize
prizes-amount = Amount
prizes-shared = shared by { $players }
prizes-place = place { $place }
prizes-places = places { $from }–{ $to }
error-tags_invalid = Tags are separated by commas: at most 10, each up to 30 characters.
col-tags = Tags
player-tags-hint = Your own labels, separated by commas, for custom prize categories (a school, a league).
error-csv_unknown_column = The header line names a column twice or one that is not name, rating, club, province, email, sex, birth_year, federation_id or tags.
prizes-fund-title = Prize fund
prizes-fund-intro = The prizes and how they are shared. The prize list follows the final ranking; it is public once the event is finished, or earlier as provisional if you publish it.
prizes-fund-rules = Rules
prizes-fund-currency = Currency (three letters)
prizes-fund-sharing = Level players
prizes-fund-one-prize = At most one prize per player
prizes-fund-choice = A player who qualifies for several prizes receives
prizes-fund-choice-most-valuable = the most valuable
prizes-fund-choice-list-order = the first by the order of the lists
prizes-fund-published = Show the prize list before the end, as provisional
prizes-fund-places = Place prizes
prizes-fund-prizes = Prizes, one per line from the first
prizes-fund-lines-hint = An amount (1500, 1 500 or 1.500,50) or a prize in kind (Troféu).
prizes-fund-categories-hint = Category prizes: every condition given must hold (women born from 2008: sex and year). Clear a category to remove it; save to get more blank ones.
prizes-fund-new-category = New category
prizes-fund-category-name = Name
prizes-rule-born-from = Born in or after
prizes-rule-born-until = Born in or before
prizes-rule-rating-below = Rated below
prizes-rule-unrated = Unrated players only
prizes-rule-tag = Players with the tag
prizes-fund-now = The prize list now
prizes-fund-public-page = public page
error-category_invalid = A category needs a name; its name and each of its conditions have at most 100 characters.
prizes-sharing-option-equal = share equally
prizes-sharing-option-hort = share by the Hort system
prizes-sharing-option-tiebreak = do not share (tie-break order)
event-final = The final
event-final-game = game { $number }
event-prize-winners = Prize winners
audit-detail-player = { $name } ({ $number })
audit-detail-reissued = { $name } ({ $number }){ $account ->
    [end] : linked account unlinked
    [keep] : linked account kept
   *[other] {""}
}
audit-detail-registrant = { $name }
audit-detail-player_account = { $name } ({ $number }) → { $email }
audit-detail-player_withdrawn = { $name }, after round { $round }
audit-detail-bye = { $name }: round { $round }, { $points }
audit-detail-player_edited = { $name } ({ $number }): { $changes }
audit-detail-registration_rejected = { $name }{ $reason }
audit-detail-players_imported = { $count ->
        [one] { $count } player
       *[other] { $count } players
    }
audit-detail-trf_imported = { $players ->
        [one] { $players } player
       *[other] { $players } players
    }, { $rounds ->
        [one] { $rounds } round played
       *[other] { $rounds } rounds played
    }{ $warnings }
audit-detail-prizes = { $places ->
        [one] { $places } place prize
       *[other] { $places } place prizes
    }, { $categories ->
        [one] { $categories } category
       *[other] { $categories } categories
    }
audit-detail-staff = { $email } ({ $role })
audit-detail-role = { $role }
audit-detail-archive_held = archive { $digest }: { $changes ->
    [one] { $changes } change to confirm
   *[other] { $changes } changes to confirm
}
audit-detail-archive_imported = { $installation } ({ $code }), event { $venue_event } there, archive { $archive }{ $entries }
audit-imported-new = a new person
audit-imported-decided = chosen by the organiser
audit-imported-proposed = as proposed
audit-detail-handed_over = { $from } → { $to }
audit-detail-decisions_rated = { $rated ->
    [true] counted
   *[other] not counted
}
audit-detail-account = account { $account }
audit-detail-round = round { $round }
audit-detail-round_paired = round { $round }: { $games ->
        [one] { $games } game
       *[other] { $games } games
    }
audit-detail-round_by_hand = round { $round }: { $boards ->
        [one] { $boards } board
       *[other] { $boards } boards
    }{ $overridden }
audit-overridden = criteria overridden
audit-detail-board = board { $board }
audit-detail-players_exchanged = players { $first } and { $second } (boards { $first_board } and { $second_board })
audit-detail-decider = { $code }: game { $game }
audit-detail-result = { $result }
audit-detail-decision = { $result }{ $reason }
audit-detail-accepted = { $result } (record #{ $submission }){ $reason }
audit-detail-corrected = { $from } → { $to }{ $reason }
audit-detail-while_disputed = while the game is disputed
mismatch-variant = the record is for the { $sent } variant; the event plays { $event }.
mismatch-position = the record starts from another position; games start from the standard position.
mismatch-name = the { $tag } tag names “{ $sent }”, but the pairing has { $paired } on that side.
explain-at-ply = Ply { $ply } ({ $move }): { $what }
explain-after-ply = After ply { $ply }: { $what }
explain-invalid_utf8 = the record is not valid UTF-8 text.
explain-too_large = the record is larger than the limit of { $limit } bytes.
explain-tag_without_name = a tag line has no name: write [Name "value"].
explain-tag_without_value = a tag has no value in quotes: write [Name "value"].
explain-tag_value_unclosed = a tag's value is not closed with " on its line.
explain-tag_unclosed = a tag line is not closed with ].
explain-tag_twice = the { $tag } tag is given twice.
explain-bad_variant = { $tag } is “{ $value }”; it must be beginner, advanced or expert.
explain-bad_first = { $tag } is “{ $value }”; it must be S (South) or N (North).
explain-bad_result = { $tag } is “{ $value }”; it must be 1-0, 0-1, 1/2-1/2 or *.
explain-bad_termination = { $tag } is “{ $value }”; it must be resignation, time_forfeit, agreement or adjudication.
explain-bad_position = { $tag } is “{ $value }”, which is not a position (four ranks of ten counts, then S or N).
explain-bad_plies = { $tag } is “{ $value }”; it must be a number of plies.
explain-result_conflict = the result after the moves, { $token }, contradicts the Result tag, { $tag }.
explain-comment_unclosed = a comment opened with {"{"} is never closed with {"}"}.
explain-more_than_one_game = the text holds more than one game; send one record at a time.
explain-move_after_end = the game was already over ({ $loser } had lost: { $termination }), so no move may follow.
explain-not_a_move = “{ $token }” is not a move: write a hole's name (a1 … j4), or R:<10 counts>/<10 counts> for a rearrangement.
explain-game_not_over = the record claims { $claimed }, but the game is not over on the board and no Termination tag says how it ended.
explain-other_result = the record claims { $claimed }, but the game ended on the board with { $actual } ({ $loser } lost: { $termination }).
explain-other_final_position = the FinalPosition tag is not the position the moves reach.
explain-other_plies = the Plies tag says { $claimed }, but the record has { $actual ->
        [one] { $actual } ply
       *[other] { $actual } plies
    }.
explain-rearrangement_not_allowed = a rearrangement (R:) is only allowed as each player's first move in the expert variant.
explain-rearrangement_total = the rearrangement places { $found ->
        [one] { $found } stone
       *[other] { $found } stones
    }, but { $side } has { $expected }.
explain-other_players_hole = { $hole } is a hole of { $owner }, but { $to_move } is to move.
explain-too_few_stones = { $hole } { $count ->
        [0] is empty
        [one] holds 1 stone
       *[other] holds { $count } stones
    }; a move must start from a hole with at least { $min ->
        [one] { $min } stone
       *[other] { $min } stones
    }.
explain-endless = sowing from { $hole } never ends (more than { $laps } laps): an endless move is illegal.
manage-import-csv-placeholder = Ana Kiala,1850,Clube Kiela,Luanda
error-title-401 = Log in needed
error-title-409 = Not possible now
error-title-415 = Wrong kind of content
error-title-422 = Something to correct
prizes-currency = Currency
prizes-goods = Prize in kind
prizes-shared-by = Shared by
stage-final = Final
stage-semi-final = Semi-finals
stage-quarter-final = Quarter-finals
stage-round-of = Round of { $players }
stage-winners-final = Winners' final
stage-winners-semi-final = Winners' semi-finals
stage-winners-quarter-final = Winners' quarter-finals
stage-winners-round = Winners' round { $number }
stage-losers-round = Losers' round { $number }
stage-losers-final = Losers' final
stage-grand-final = Grand final
stage-grand-final-reset = Grand final, second match
stage-third-place = Third place
stage-match = { $stage }, match { $number }
home-new-installation = A new installation
home-first-account = There is no account here yet. The first account created administers this installation: it creates events, gives the other accounts their roles and loads the federation’s registry.
home-create-first-account = Create the administrator’s account
home-start = Where to start
home-first-event = Create the first event
home-demo-event = Try a demonstration event
home-demo-explain = Creates a Swiss event of 12 invented players with its first two rounds played, to see every page before a real event.
home-demo-name = Demonstration event
home-day-title = A tournament day
home-day-players = Enter the players (one by one, or a CSV file) and check in who has arrived.
home-day-pair = Pair the round, check it and publish it.
home-day-slips = Print the players’ slips (each with its personal link and QR code) and the boards’ scoresheets.
home-day-results = Players send their records from their phones, or the arbiter enters the results; the standings follow every final result.
home-day-next = When every board has finished, pair the next round.
home-running = Being played
home-upcoming = Open for entries
home-finished = Recently finished
home-all-events = All events
board-played = played from here
board-sown = sown
board-relay = relay
board-last = last stone
board-captured = captured
board-legend-captured = the opponent's holes emptied by the capture
replay-moves = Moves
replay-steps = Step through the game
board-stones = { $count ->
        [one] { $count } stone
       *[other] { $count } stones
    }
replay-sow-again = Show the sowing again
replay-animation-off = Turn the animation off
replay-animation-on = Turn the animation on
bracket-side-winners = Winners' side
bracket-side-losers = Losers' side
bracket-side-finals = Finals
player-note = Note
event-utc-offset = Local time
event-utc-offset-hint = the venue's, for every time shown
event-utc-offset-default = the installation's (UTC{ $offset })
error-utc_offset_invalid = The local time is an offset from UTC such as +01:00, from -12:00 to +14:00.
trf-at-line = Line { $line }:
trf-at-column = Line { $line }, column { $column }:
trf-empty = the file is empty.
trf-not-trf = this is not a TRF file: no line starts with a TRF code such as 012 or 001.
trf-no-players = the file has no player lines (001).
trf-team = `{ $found }` is a team record: team tournaments cannot be imported, only individual ones.
trf-rounds = the number of rounds should be a number, not `{ $found }`.
trf-initial-colour = the initial colour should be W or B, not `{ $found }`.
trf-points-system = the points system should be result codes (W, D, L, A, P) each followed by its points, such as 1.0, not `{ $found }`.
trf-pairing-number = the pairing number (columns 5–8) should be a number from 1 to 9999, not `{ $found }`.
trf-pairing-number-repeated = pairing number { $number } is given to two players.
trf-rating = the rating (columns 49–52) should be a number or blank, not `{ $found }`.
trf-points = the points (columns 81–84) should be a score such as 4.5, not `{ $found }`.
trf-opponent = round { $round }: the opponent should be a pairing number or 0000, not `{ $found }`.
trf-no-such-opponent = round { $round }: the opponent { $opponent } has no player line.
trf-plays-himself = round { $round }: a player cannot play himself.
trf-colour = round { $round }: the colour should be w, b or -, not `{ $found }`.
trf-result = round { $round }: the result should be one of 1 = 0 + - W D L H F U Z, not `{ $found }`.
trf-bye-with-opponent = round { $round }: `{ $found }` is a bye and cannot have an opponent (write 0000).
trf-no-result = round { $round }: the game has no result (1, =, 0, + or -).
trf-game-without-colour = round { $round }: a game played over the board needs a colour (w or b).
trf-games-disagree = round { $round }: player { $player } and player { $opponent } disagree about their game.
trf-bye-line = a bye line (240) should give F, H or Z, a round number and pairing numbers, not `{ $found }`.
trf-warning-latin1 = the file is not UTF-8 and was read as Latin-1 (Windows-1252)
trf-warning-line-not-kept = line { $line }: a `{ $found }` line is read but not kept
trf-warning-date = line { $line }: `{ $found }` is not a date (YYYY/MM/DD) and is not kept
trf-warning-player-count = the file says { $written ->
        [one] { $written } player
       *[other] { $written } players
    } (062) but has { $found } player lines
trf-warning-absence-scored = player { $player }: rounds { $rounds } are blank and are scored { $points } in all, as the player's written total says
trf-warning-total-disagrees = player { $player }: the file gives { $written ->
        [one] { $written } point
       *[other] { $written } points
    }, the results add up to { $computed }
trf-warning-birth-date = line { $line }: `{ $found }` is not a birth date (YYYY/MM/DD) and is not kept
trf-warning-format = the tournament type `{ $found }` cannot be continued here; its rounds are kept as Swiss rounds
trf-warning-points = points for an absence, a forfeit loss or a bye that differ from a game's are not kept
trf-warning-tiebreak = the tie-break `{ $found }` is not known here and is not kept
trf-warning-bye = player { $player }: the full-point bye entered for round { $round } is not kept (give it when pairing)
flash-event-imported-warnings = The tournament was imported. The event's log lists what to check: what the file holds that could not be kept, and the players the registry knows or may know.
import-file = TRF file
import-paste = Or paste the file's text
import-kept = Kept from the file: name, city, dates, rounds, initial colour, points system, tie-breaks, players (with sex, title, federation, FIDE id and year of birth), every result, withdrawals, byes entered for the next round, and whether the event is finished. Files may be UTF-8 or Latin-1.
error-unknown_fields = The request has a field this address does not know.
error-unknown_fields-named = This address has no field { $fields }.
error-invalid_parameter = A parameter of the address is not valid.
error-invalid_parameter-named = `{ $name }` should be a whole number from 1 (per_page: at most { $max }).
trf-warning-columns-in-bytes = line { $line }: its columns are counted in bytes, not characters, and it was read that way
trf-pairing-number-beyond = pairing number { $number } is beyond the { $players } player lines: pairing numbers run from 1 to the number of players.
trf-too-many-rounds = a file may have at most { $max ->
        [one] { $max } round
       *[other] { $max } rounds
    }.
trf-forbidden-line = a forbidden-pairings line (260) should give two rounds and pairing numbers of players in the file, not `{ $found }`.
trf-too-many-forbidden-pairs = the forbidden-pairings lines (260) forbid more than { $max } pairings.
trf-too-many-players = an event may have at most { $max ->
        [one] { $max } player
       *[other] { $max } players
    }.
error-too_many_players = An event takes at most 4000 players.
manage-players-search = Find a player
manage-players-search-submit = Find
manage-players-search-clear = All players
manage-players-shown = { $found } of { $total ->
        [one] { $total } player
       *[other] { $total } players
    }
manage-players-pages = Pages of the player list
manage-players-previous = Previous
manage-players-next = Next
manage-players-page = Page { $page } of { $pages }
standings-results = Results counted: { $count }
standings-updating = Newer results are being counted; the table will include them in a moment.
nav-registry = Players
registry-title = Players of the federation
registry-search-label = Name or federation id
registry-search-button = Search
registry-search-hint = Accents, capitals and spelling aside: “kiluangi ucuma” finds Kiluanji Ukuma.
registry-none = Nobody registered matches “{ $q }”.
registry-events = Events
registry-games-played = Games played (in every event)
registry-games-rated = { $count ->
    [one] { $count } counts for the rating list
   *[other] { $count } count for the rating list
}
registry-games = Games
registry-no-games = No finished game yet.
registry-head-to-head = Head-to-head
registry-against-label = Opponent (name or federation id)
registry-all-games = All games
registry-tally = Against { $name }: won { $wins }, drawn { $draws }, lost { $losses }.
manage-add-player-registry-hint = Someone already registered: give their federation id (search Players; with JavaScript, typing the name suggests it), and the registry fills in what you leave blank. Without one, a new person is registered.
flash-player-added-registered = The player is added as a new person, but someone registered has a name that may be theirs: if it is the same person, remove this entry and enter them by their federation id (see Players).
flash-player-added-other-name = The player is added, but the federation id given belongs to a registered player of another name: check the id (see Players).
error-event_in_rating_list = The event is already in the rating list.
error-event_not_finished = The event is not finished yet: only a finished event goes into the rating list.
error-event_not_rated = The event is not rated: its organiser has to mark it as rated first.
audit-event_rated = event put into the rating list
event-rated = Rated: the games count for the national rating list
nav-ratings = Ratings
ratings-title = National rating list
ratings-as-of = As of { $date }.
ratings-explained = Glicko-2, from the verified games of rated events, one rating period a month; forfeits do not count.
ratings-date = On the date
ratings-everyone = All
ratings-born-from = Born in or after
ratings-born-to = Born in or before
ratings-show = Show
ratings-none = Nobody is on the list for these filters.
ratings-deviation = Deviation
ratings-volatility = Volatility
ratings-games = Rated games
ratings-trend = Last change
ratings-provisional = provisional
ratings-provisional-hint = Fewer than 10 rated games: the rating is still uncertain.
registry-rating-history = Rating history
registry-period = Period
event-rating-title = Rating report
event-rating-in-list = In the rating list, period { $period }: { $games } rated games.
event-rating-before = Before
event-rating-after = After
event-rating-change = Change
event-rating-waiting = The event counts for the rating list; a federation administrator puts it there once it is finished.
event-rating-not-rated = The event does not count for the rating list.
event-rating-put = Put the event into the rating list
flash-event-rated = The event is in the rating list.
error-merge_same_event = The two are both entered in one event, so they are two people:
error-merge_same_person = That is the same person.
error-registry_player_unknown = No registered player has that federation id.
audit-registry_merged = registered players merged
registry-merged-ids = Also known as
registry-merge-title = Merge
registry-proposals-title = What entries say otherwise
registry-proposals-hint = An entry (an organiser's, or a venue's archive) gave this person other details than the registry holds. The registry keeps its own until you take an entry's: blank details of the entry leave the registry's as they are.
registry-proposal-take = Take these details
registry-proposal-leave = Leave them
registry-merge-hint = Two registry entries that are one person: merging moves every event, game and rating of one to the other, and the old federation id leads here. Logged in each event concerned.
registry-merge-here = Merge into this player
registry-merge-into = Merge this player into federation id
registry-merge-button = Merge
flash-registry-merged = The two entries are one player now.
circuit-rule = The top { $qualifiers } of each qualifier go to the final.
circuit-points = Points by place:
circuit-events = Qualifiers
circuit-not-counted = not finished: not counted yet
circuit-final = Final
circuit-standings = Circuit standings
circuit-no-results = No qualifier is finished yet.
circuit-played = Qualifiers played
circuit-best = Best place
circuit-fill-final = Enter the qualifiers into the final ({ $event })
circuit-fill-final-hint = Only the final’s organisers can do this; a player already entered is not entered twice.
flash-circuit-final-filled = The qualifiers were entered into the final.
circuit-qualified = Qualified for the final
error-circuit_events_invalid = Give the circuit's qualifiers (1 to 100 events that exist), and a final that is not one of them.
error-circuit_points_invalid = The points table is 1 to 200 numbers from 0 to 10,000, for the 1st, 2nd, … place.
error-circuit_without_final = The circuit has no final to fill.
circuit-new = New circuit
circuit-new-hint = A circuit groups a season's qualifiers: each finished qualifier gives its places the points of the table, and the first of each go to the final.
circuit-points-field = Points for the 1st, 2nd, … place
circuit-qualifiers-field = Players of each qualifier who go to the final
circuit-order-hint = Tick the qualifiers and, if you wish, the order of each (1 first). The order decides where a place goes when a player qualifies in two of them: the earlier qualifier keeps the player and the later one passes its place down. Qualifiers without a number come after the numbered ones; equal numbers, and qualifiers without one, are taken by their first day.
circuit-order-invalid = A qualifier’s order is a whole number from 1 to 1000.
circuit-order-field = Order
circuit-no-final = No final
circuit-create = Create the circuit
flash-circuit-created = The circuit was created.
manage-import-registry = The players are imported. Lines entered as the registered player their federation id names: { $matched }. Check these lines against the registry, and correct an entry’s federation id on its edit form:
manage-import-registry-possible_same_person = entered as a new person, but may be
manage-import-registry-other_name = its federation id belongs to
trf-warning-registry-matched = { $count ->
        [one] { $count } player is
       *[other] { $count } players are
    } entered as the registered person their federation id (XKF line) names
trf-warning-registry-other-name = player { $player }: the federation id { $federation_id } belongs to { $name }; the entry keeps the file's details (correct the id on its edit form)
trf-warning-registry-possible-same-person = player { $player }: entered as a new person, but may be { $name } ({ $federation_id })
error-event_not_in_rating_list = The event is not in the rating list.
error-event_rated_in_list = The event is in the rating list: a federation administrator takes it out before it stops counting.
audit-event_unrated = event taken out of the rating list
event-rating-take-out = Take the event out of the rating list
event-rating-take-out-hint = Its month and the later ones are rated again without it.
flash-event-unrated = The event is out of the rating list; the list was rated again without it.
event-rating-would-count = As the event stands now, { $games ->
        [one] { $games } game counts
       *[other] { $games } games count
    } for the rating list.
event-rating-left-out-title = { $games ->
        [one] { $games } game left out
       *[other] { $games } games left out
    }
event-rating-left-out-why = Why
rating-left-out-forfeit = Decided by forfeit: forfeits do not count.
rating-left-out-no_record = A result with no verified record behind it (imported from a TRF file, say): only games verified here or decided by an arbiter count.
rating-left-out-not_registered = One of the players is not in the registry.
rating-left-out-not_final = The game has no final result.
rating-left-out-venue_decision = An arbiter's decision at the venue without a record: it counts only when this installation says so (below).
event-rating-held-title = Changes waiting for the federation
event-rating-held-hint = Since the event went into the list these games changed (a corrected result, an entry that now names another person). The event's standings count them already; the rating list keeps counting the games as they went in until a federation administrator accepts the changes.
event-rating-held-listed = In the list
event-rating-held-now = Now
event-rating-held-none = does not count
event-rating-accept = Accept the changes and rate the list again
flash-rating-changes-accepted = The changes are accepted and the list rated again.
audit-rating_change_held = change held for the rating list
audit-rating_changes_accepted = changes accepted into the rating list
error-rating_nothing_held = No change of this event is waiting.
explain-no_game = no game found: the text is empty, or holds only blank lines and comments.
export-kgn-no-game = No game of this event is finished yet.
event-standings-sheet = Standings (spreadsheet)
csv-for-programs = CSV for programs
word-yes = yes
word-no = no
prizes-sheet = Spreadsheet
ratings-sheet = Download for a spreadsheet
scoresheets-continued = continued
scoresheets-more = Continuation sheets from No. { $from }, for a game that runs longer
error-club_empty = Please enter your club.
register-as = You register as { $name }; the organiser confirms your entry.
register-optional = optional
register-hint = Your club is asked for; the rest helps the organiser seed you and place you in the prize categories.
error-person_already_entered = This person (by their federation id) is already entered in this event.
review-title = Engine review
review-graph = Score for South after each ply, in stones (above the line South is ahead; a proven win is drawn at the edge)
review-hint = The engine would play { $move } here.
review-costly = The moves that lost the most
review-costly-move = Ply { $ply }: { $move } (engine: { $best }), { $stones ->
        [one] { $stones } stone lost
       *[other] { $stones } stones lost
    }
review-pending = The engine reviews this game in the background; its graph appears here when it is done.
event-adjudication = Adjudication by the engine
event-adjudication-margin = Margin (stones)
event-adjudication-margin-hint = A side this many stones ahead is proposed the winner; 0: only a win the engine proves.
event-adjudication-otherwise = Otherwise
adjudication-otherwise-arbiter = the arbiter decides
adjudication-otherwise-draw = a draw is proposed
adjudication-title = Adjudication
adjudication-help = Give the moves played when the game stopped; the engine searches the position and proposes a result under the event's rule ({ $rule }). You confirm it or decide another result.
adjudication-rule = { $wins }; otherwise { $otherwise }
adjudication-rule-proven = a win the engine proves
adjudication-rule-margin = a win the engine proves, or a side { $margin ->
        [one] { $margin } stone
       *[other] { $margin } stones
    } ahead
adjudication-forced-win = { $side } wins by force: the opponent cannot move after { $plies ->
        [one] { $plies } ply
       *[other] { $plies } plies
    }.
adjudication-level = Neither side is ahead.
adjudication-ahead = { $side } is { $stones ->
        [one] { $stones } stone
       *[other] { $stones } stones
    } ahead.
adjudication-figures = After { $plies ->
        [one] { $plies } ply
       *[other] { $plies } plies
    }: searched to depth { $depth }, { $nodes } positions in { $millis } ms; the engine would play { $best }.
adjudication-undecided = Neither side wins by force or is { $margin ->
        [one] { $margin } stone
       *[other] { $margin } stones
    } ahead: decide the result.
adjudication-proposed = Proposed result
adjudication-confirm = Confirm the proposed result
adjudication-override = Decide another result
adjudication-old = This proposal was for the game as it stood before; ask the engine again.
adjudication-moves = Moves played (KGN)
adjudication-ask = Ask the engine
flash-adjudication-proposed = The engine has proposed a result: confirm it or decide another.
error-game_over_on_board = This game is over on the board: send its record instead of asking for an adjudication.
error-adjudication_margin_invalid = The adjudication margin must be a whole number of stones from 0 to 99.
error-adjudication_fallback_unknown = What happens below the margin must be "arbiter" or "draw".
error-adjudication_stale = The game changed since the engine's proposal: ask the engine again.
error-adjudication_undecided = The engine proposes no result here: choose one.
adjudication-score-win = win in { $count ->
        [one] { $count } ply
       *[other] { $count } plies
    }
adjudication-score-loss = loss in { $count ->
        [one] { $count } ply
       *[other] { $count } plies
    }
adjudication-score-stones = stone difference { $count }
audit-adjudication_proposed = engine's adjudication proposal
audit-detail-adjudication_proposed = after { $plies ->
        [one] { $plies } ply
       *[other] { $plies } plies
    }, { $to_move } to move: { $score } (depth { $depth }, { $nodes } positions, { $millis } ms, engine's move { $best }; margin { $margin }) → proposed { $proposed }
audit-detail-adjudicated = { $result } by adjudication (engine's proposal: { $proposed }){ $reason }
practice-title = Practice against the engine
practice-intro = Play a game against the engine, at the strength you choose. No account is needed; nothing is stored. Download the record at any moment to keep it or to study it.
practice-level = Level { $level }
practice-strength = Strength
practice-side = Your side
practice-side-south = South (you move first)
practice-side-north = North (the engine moves first)
practice-start = Start the game
practice-new = A new game
practice-event = Practice
practice-engine-last = the engine’s last move
practice-you = You
practice-engine-name = Kiela engine (level { $level })
practice-engine-played = The engine played { $move }.
practice-engine-move = Let the engine move
practice-your-move = Your move: choose one of your holes on the board.
practice-download = Download the record (KGN)
error-practice_level_invalid = The strength must be a level from 1 to 5.
error-practice_move_illegal = That move cannot be played in this position.
error-practice_not_your_turn = It is not your turn.
error-practice_too_long = A practice game holds at most 2,000 plies.
nav-practice = Practice
review-costly-win-lost = Ply { $ply }: { $move } (engine: { $best }) let a forced win go
review-costly-loss-allowed = Ply { $ply }: { $move } (engine: { $best }) allowed a forced loss
audit-nothing-proposed = nothing (the arbiter decides)

# Event archives
archive-import-title = Import an event from a venue
archive-import-intro = An event run on another installation (a venue's laptop) arrives here as its archive (FILE.kiela): every record is verified again, and each entry is matched to this registry. You see the matches before anything is written.
archive-file = The event's archive (.kiela)
archive-file-again = The same archive again (browsers do not keep a chosen file)
archive-review-submit = Review
archive-import-submit = Import
archive-import-kept = Nothing is written until you import. The event is then read-only here, as the venue ran it; a later archive of the same event updates it in place.
archive-review-title = Review
archive-review-event = Event
archive-review-installation = Run at
archive-review-contents = Contents
archive-review-counts = { $players ->
        [one] { $players } player
       *[other] { $players } players
    }, { $rounds ->
        [one] { $rounds } round
       *[other] { $rounds } rounds
    }, { $games ->
        [one] { $games } game
       *[other] { $games } games
    } ({ $records ->
        [one] { $records } record verified
       *[other] { $records } records verified
    } again), { $submissions ->
        [one] { $submissions } record sent
       *[other] { $submissions } records sent
    }
archive-review-action = Import
archive-action-created = a new event
archive-action-updated = updates the event imported before
archive-action-unchanged = the same archive as last time: nothing changes
archive-action-held = changes what was imported before: held until you confirm the changes below
archive-review-signed = Signed by the venue's key
archive-changes-title = { $count ->
    [one] This archive changes { $count } thing imported before:
   *[other] This archive changes { $count } things imported before:
}
archive-changes-hint = New rounds and results are the event moving on; these are not. Ask the venue why before you confirm them.
archive-changes-confirm = I confirm these changes
archive-decisions-title = { $count ->
    [one] { $count } result stands on an arbiter's decision without a record:
   *[other] { $count } results stand on an arbiter's decision without a record:
}
archive-decisions-hint = No record was verified again for them: the rating list counts them only when this installation says so, on the event's rating page.
archive-change-place = Round { $round }, board { $board }, game { $game }
archive-change-entry-changed = Entry { $entry } was { $before } and is now { $after }.
archive-change-entry-gone = Entry { $entry }, { $before }, is no longer in the event.
archive-change-game-players = { $place }: the game was { $before } and is now { $after }.
archive-change-result = { $place }: the result was { $before } and is now { $after }.
archive-change-result-decision = { $place }: the result was { $before }, on a record, and is now { $after }, an arbiter's decision without a record.
archive-change-game-gone = { $place }: the game is no longer in the event.
archive-change-round-gone = Round { $round } is no longer in the event.
archive-change-no-result = no result
archive-review-id = Id in the archive
archive-review-match = Person in this registry
archive-match-new = A new person
archive-match-same_person = the same national id and name here
archive-match-other_name = this national id is registered here under another name
archive-match-local_id = a venue's local id
archive-match-unknown_id = an id this registry does not hold
archive-match-no_id = no id
archive-warning-paired-differently = Round { $round } was paired otherwise than the Dutch system pairs it (organisers may pair by hand).
archive-warning-corrected-since = A result of round { $rounds } was corrected: if after this round was paired, that is why (this check pairs the results as they are now).
pairing-difference-pairs = the file pairs { $file }; the Dutch system pairs { $dutch }
pairing-difference-first-move = { $first } moves first against { $second } in the file, second by the Dutch system
pairing-difference-bye = the bye goes to { $file } in the file, to { $dutch } by the Dutch system
pairing-difference-none = the Dutch system finds no pairing: { $why }
pairing-nobody = nobody
list-and = and
archive-fault-game = Round { $round }, board { $board }:
archive-fault-round = Round { $round }:
flash-archive-imported = The event was imported.
event-imported-from = Run at { $installation }; this is its record, read-only here.
audit-archive_imported = imported from a venue's archive
audit-archive_held = a venue's archive held for confirmation
audit-archive_refused = a venue's held archive refused
audit-event_handed_over = handed to another organiser
audit-decisions_rated = the venue's decisions and the rating list
audit-result_held = result held until the public sees the last move
error-event_imported = This event was imported from the installation that ran it: it is read-only here.
error-archive_malformed = The file is not an event archive this installation reads.
error-archive_too_large = The archive is too large.
error-archive_unsigned = The archive is not signed by the installation that ran the event: export it again from an up-to-date installation.
error-archive_signature_invalid = The archive is not what its installation signed: it was changed after it was written.
error-venue_not_approved = The venue's signing key is not approved here yet: this installation's administrator approves it after comparing its fingerprint with the venue's.
error-venue_key_mismatch = The archive is signed by another key than the venue's: only the venue that ran the event writes it here.
error-event_withdrawn = An administrator withdrew this event from this installation: ask them before sending it again.
error-event_held_by_other = Another organiser holds this event here: ask an administrator to hand it to you.
error-registry_file_at_federation = The federation's server keeps the national registry itself: a registry file is loaded at a venue.
error-fingerprint_wrong = That is not the fingerprint of the key registered for this venue.
error-nothing_held = No archive of this event is waiting for confirmation.
error-event_not_imported = This event was run here, not imported from a venue.
error-not_an_organiser = That account may not hold events: give it the organiser role first.
error-no_phone_address = This page was opened as the laptop itself: a phone cannot open its addresses.
error-archive_version = The archive was written by a later version of the program: update this installation first.
archive-detail-too_large = more than { $mb } MB
archive-detail-as_read = { $at }
archive-detail-not_the_format = the document is not a { $format }
archive-detail-version_unsigned = version 1, written before archives were signed: export it again from an up-to-date installation
archive-detail-version_later = version { $version }; this installation reads version { $reads }
archive-detail-no_version = no version this installation reads
archive-detail-no_signature = the archive carries no signature
archive-detail-not_a_key = signature.key is not a key
archive-detail-not_signed_by = the content is not what the key { $fingerprint } signed
archive-detail-settings = settings: { $error }
archive-detail-not_an_installation_code = installation.id is not an installation's code
archive-detail-entry_unnamed = entry { $number }: no name, or no pairing number
archive-detail-entry_out_of_range = entry { $number }: a round, seed, rating or year out of range
archive-detail-number_twice = pairing number { $number } twice
archive-detail-entry_federation_id = entry { $number }: federation id
archive-detail-federation_id_twice = federation id { $id } on two entries
archive-detail-entry_tags = entry { $number }: tags
archive-detail-unknown_number = pairing number { $number }
archive-detail-bye_round = a bye in round { $round }
archive-detail-two_byes = two byes of pairing number { $number } in round { $round }
archive-detail-round_not_due = round number { $number } where { $due } is due
archive-detail-swiss_rounds = Swiss rounds paired: { $paired }, planned: { $planned }
archive-detail-round_number = round number { $number }
archive-detail-match_outside_knockout = a match of several games outside a knockout
archive-detail-plays_round_not_in = pairing number { $number } plays a round they were not in
archive-detail-two_games_one_board = two games at one board
archive-detail-board_out_of_range = a board, game of the match or length out of range
archive-detail-twice_in_round = pairing number { $number } twice in the round
archive-detail-against_themself = a player against themself
archive-detail-decision_not_logged = an arbiter's decision the log does not hold
archive-detail-correction_not_logged = a correction without its reason or its line in the log
archive-detail-record_without_players = a record for a game without two players
archive-detail-result_unfounded = a result with neither its record nor an arbiter's decision
archive-detail-sent_by_outsider = record { $record } sent by someone not in the game
archive-detail-sent_without_players = a record sent for a game without two players
archive-detail-sent_refused_yet_verifies = record { $record } sent: refused there, yet it verifies
archive-detail-sent_does_not_verify = record { $record } sent: it does not verify
archive-detail-sent_verdict = record { $record } sent: its verdict
archive-detail-sent_result = record { $record } sent: its result
archive-detail-log_state = log: { $state } is no state of { $action }
archive-detail-record_not_stood_behind = the game's record is none of those stood behind
archive-detail-sent_digest = record { $record } sent: its digest
archive-detail-sent_size = record { $record } sent: its size
archive-detail-set_aside_does_not_verify = record { $record } sent, set aside: it does not verify
archive-detail-illegal = { $reason }
archive-detail-illegal_at = { $reason } (ply { $ply })
archive-detail-stated_plies = the number of plies stated is not the record's
archive-detail-stated_position = the final position stated is not the record's
archive-detail-stated_status = the status stated is not the record's
archive-detail-stated_result = the result stated is not the record's
archive-detail-stated_result_before = the result before the correction stated is not the record's
archive-detail-stated_ending = the ending stated is not the record's
archive-detail-line_break = { $field }: a line break
archive-detail-too_long = { $field }: too long, or a control character
archive-detail-prize_fund = prize fund: { $problem }
error-archive_player_unknown = The archive names a player who is not entered.
error-archive_player_twice = The archive has a player twice where once is allowed.
error-archive_record_illegal = A record in the archive does not verify.
error-archive_result_disagrees = A result in the archive disagrees with its record.
error-archive_round_invalid = The archive's rounds or boards do not hold together.
error-archive_own_event = This archive was written by this installation: its event is here already.
error-registry_file_invalid = The file is not a registry file this installation reads.
error-federation_not_configured = This installation is not connected to a federation (federation_url and federation_token in its configuration).
error-federation_refused = The federation refused the event:
error-federation_unreachable = The federation could not be reached; the event is sent again when it can be:
manage-archive = Archive (.kiela)
push-title = Published to the federation
push-federation = Federation
push-last = Last taken
push-state = Now
push-pending = changes waiting to be sent
push-retrying = the federation could not be reached ({ $failures ->
        [one] { $failures } attempt
       *[other] { $failures } attempts
    }); sent again when it can be
push-up-to-date = the federation has the event as it stands
push-refused = the federation refused the event as it stands: it is not sent again until the event changes or you send it again
push-held = the federation holds the latest changes until its organiser confirms them (they change what it took before)
push-again = Send it again now
push-advice-token = Check federation_token: it must be an API key of an organiser at the federation, made on their account page there.
push-advice-held-by-other = Another organiser holds this event at the federation: ask its administrator to hand it to the organiser whose API key this installation uses.
push-advice-not-approved = Read this installation's key fingerprint (on its administration page) to the federation's administrator, who approves it; then send it again.
push-advice-key-mismatch = The federation knows this venue by another key (a laptop installed again?): ask its administrator to forget the venue, send the event again, and have the new key approved.
push-advice-withdrawn = The federation's administrator withdrew this event: ask them before sending it again.
push-advice-in-rating-list = The event is in the federation's rating list: its administrator takes it out before it can change there.
push-advice-archive = The federation refused the archive's content (the answer says where): it is sent again with the event's next change.
push-advice-other = Ask the federation's administrator: the event is sent again with its next change, or when you send it again.
imported-title = From the venue
imported-held = The venue sent a later archive on { $at } that changes what was imported before:
imported-held-accept = Accept these changes
imported-held-refuse = Refuse them
imported-decisions-count = Count the venue's decisions without a record in the rating list
imported-decisions-save = Save
imported-admin = Administration
imported-hand-over-email = Hand the event to the organiser with the e-mail address
imported-hand-over = Hand over
imported-withdraw-hint = Withdrawing takes the event out of the rating list (which is rated again without it) and off this installation; the venue's later archives of it are refused until an administrator imports one.
imported-withdraw = Withdraw the event
imported-withdraw-confirm = Withdraw this event from the installation?
flash-held-accepted = The venue's changes were accepted.
flash-held-refused = The venue's changes were refused.
flash-handed-over = The event was handed to the organiser.
flash-event-withdrawn = The event was withdrawn.
push-answer = The federation's last answer
push-no-answer = no answer
push-hint = The event can be published to the federation as it goes: sent within seconds of every change, and again while the connection is down, so the public follows it on the national site.
push-start = Publish to the federation
flash-push-started = The event is published to the federation from now on.
registry-file = The federation's registry file
registry-file-load = Load
registry-file-hint = The file of /api/v1/registry/export on the federation's site: its people and national ratings are loaded here, so that entering a player by national id fills their details and rating without a connection.
flash-registry-loaded = The federation's registry was loaded: { $added ->
        [one] { $added } person added
       *[other] { $added } people added
    }, { $updated } brought up to date, { $rated ->
        [one] { $rated } national rating
       *[other] { $rated } national ratings
    }.
flash-venue-approved = The venue's key was approved: its archives are taken from now on.
flash-venue-forgotten = The venue was forgotten: its next archive registers its key again.
archive-warning-not-checked = The pairings of { $players ->
        [one] { $players } player
       *[other] { $players } players
    } over { $rounds ->
        [one] { $rounds } round was
       *[other] { $rounds } rounds were
    } not paired again here: run kiela check on the event's TRF file for that.

# Games in play
play-title = Game in play
play-intro = Tap the hole each player sows from, as the move is played. Both phones, or one passed across the board, show the same game; a move sent twice counts once.
play-own-moves = Tap your own moves on your own phone. If you tap your opponent's moves too (one phone passed across the board), the record waits for your opponent to confirm it before it counts.
play-offline = No connection: the moves are kept on this phone and sent as soon as the connection is back. Waiting:
play-waiting = Sending…
play-sent = Move { $ply } recorded.
play-take-back = Take back the last move
play-take-back-confirm = Take back the last move of this game?
play-to-game = Back to the game
game-play-live = Enter the moves as they are played
flash-move-taken-back = The last move was taken back.
live-round-title = Round { $number }, live
live-round-intro = Every board of the round as it is played, updated with each move.
live-round-delay = Spectators see the moves { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    } after they are played.
live-round-empty = No boards to follow in this round.
round-live-link = Follow the round live
event-live-delay = Public delay of games in play (minutes)
event-live-delay-hint = Spectators see each move this many minutes after it is played; the players and the staff see it at once. 0: no delay.
error-live_delay_invalid = The delay is a whole number of minutes from 0 to 1440.
error-game_not_in_play = This game is not in play: its round is not published, it already has a record, or it is over on the board.
error-illegal_move = That move cannot be played.
error-ply_taken = Another move was already played at this ply; the board shows the game as it stands.
error-ply_not_next = This is not the next ply; the board shows the game as it stands.
error-nothing_to_take_back = No move to take back.
game-status-in_play = in play
audit-move_taken_back = move taken back
audit-detail-move_taken_back = ply { $ply } ({ $text })
audit-mail_chosen = messages the event sends chosen
audit-notice_sent = notice sent to the players
audit-message_sent_again = a message sent again
error-practice_position_in_play = This position is on a board being played right now: the engine plays it once that game is over.
