site-name = Kiela
site-tagline = Tournois de Kiela : appariements, résultats vérifiés et classements
nav-home = Accueil
nav-events = Tournois
nav-account = Mon compte
nav-admin = Administration
nav-login = Se connecter
nav-signup = Créer un compte
nav-logout = Se déconnecter
nav-language = Langue
nav-skip = Aller au contenu
footer-text = Gestionnaire de tournois de Kiela
home-title = Tournois de Kiela
home-intro = Suivez les appariements, les classements et chaque partie des tournois de Kiela. Les joueurs soumettent la feuille de chaque partie ; le moteur de règles la vérifie et calcule le résultat.
home-welcome = Bienvenue, { $name }.
home-get-started = Créez un compte ou connectez-vous pour participer.
login-title = Se connecter
login-email = Adresse e-mail
login-password = Mot de passe
login-submit = Se connecter
login-no-account = Pas encore de compte ?
login-forgot = Mot de passe oublié ?
signup-title = Créer un compte
signup-name = Votre nom
signup-email = Adresse e-mail
signup-password = Mot de passe (au moins 8 caractères)
signup-submit = Créer le compte
signup-have-account = Vous avez déjà un compte ?
account-title = Mon compte
account-email = Adresse e-mail
account-name = Nom
account-role = Rôle
account-password-title = Changer le mot de passe
account-password-current = Mot de passe actuel
account-password-new = Nouveau mot de passe (au moins 8 caractères)
account-password-submit = Changer le mot de passe
account-tokens-title = Jetons d’API
account-tokens-intro = Les jetons permettent à des scripts et à d’autres programmes d’utiliser l’API JSON en votre nom. Un jeton n’est affiché qu’une fois, à sa création.
account-tokens-label = Libellé
account-tokens-created = Créé
account-tokens-last-used = Dernière utilisation
account-tokens-never = jamais
account-tokens-revoked = révoqué
account-tokens-revoke = Révoquer
account-tokens-create = Créer un jeton
account-tokens-none = Vous n’avez aucun jeton d’API.
account-token-new = Votre nouveau jeton (copiez-le maintenant, il ne sera plus affiché) :
admin-users-title = Comptes
installation-title = Cette installation
installation-name = Nom
installation-id = Code
installation-role = Rôle
installation-role-venue = Lieu de jeu : inscrit les personnes sous des identifiants locaux (L-code-numéro) et porte ses tournois à la fédération
installation-role-federation = Fédération : tient le registre national et la liste Elo, attribue les identifiants nationaux
installation-federation = Envoie ses tournois à
installation-role-to-state = Cette installation a attribué des identifiants de la forme nationale (K0000001…) avant que les installations aient un rôle. Indiquez installation_role = "federation" s’il s’agit du serveur de la fédération, ou "venue" (docs/archive.md, « Roles »).
installation-hint = Le nom, le rôle et la fédération se règlent dans la configuration :
installation-code-hint = Le code a été créé au premier démarrage et fait partie de chaque identifiant local attribué ici.
installation-fingerprint = Empreinte de la clé de signature
installation-fingerprint-hint = Chaque archive que cette installation écrit est signée de sa clé. L’installation qui reçoit ses archives (celle de la fédération) approuve la clé une fois, après avoir comparé cette empreinte à celle qui lui est montrée : lisez-la à son administrateur.
venues-title = Lieux de jeu dont les archives sont reçues ici
venues-hint = La première archive d’un lieu de jeu enregistre sa clé de signature ; ses archives sont refusées tant que vous n’avez pas approuvé la clé. Demandez à l’administrateur du lieu l’empreinte de sa page d’administration et saisissez-la pour approuver : une archive portant le code du lieu signée d’une autre clé est refusée. Oubliez un lieu réinstallé avec une nouvelle clé ; sa prochaine archive enregistre la nouvelle.
venues-none = Aucun lieu de jeu n’a encore envoyé d’archive.
venues-fingerprint = Empreinte de la clé
venues-first-seen = Première archive
venues-type-fingerprint = Empreinte telle que le lieu la lit
venues-approve = Approuver la clé
venues-forget = Oublier
venues-forget-confirm = Oublier ce lieu de jeu ? Sa prochaine archive enregistre de nouveau sa clé, en attente d’approbation.
venue-state-pending = en attente d’approbation
venue-state-approved = approuvé
admin-users-list = Comptes de cette installation
admin-users-email = E-mail
admin-users-name = Nom
admin-users-role = Rôle
admin-users-save = Enregistrer
role-admin = Administrateur
role-organiser = Organisateur
role-arbiter = Arbitre
role-player = Joueur
flash-signed-up = Votre compte est prêt. Bienvenue !
flash-logged-in = Vous êtes connecté.
flash-logged-out = Vous êtes déconnecté.
flash-password-changed = Votre mot de passe a été changé. Vos autres sessions ont été fermées.
flash-email-change-sent = Un lien est en route vers la nouvelle adresse : ouvrez-le pour faire le changement. D’ici là, votre adresse reste la même.
flash-email-changed = L’adresse du compte a changé : connectez-vous désormais avec la nouvelle.
flash-token-revoked = Le jeton a été révoqué.
flash-role-changed = Le rôle a été changé.
error-title-400 = Requête incorrecte
error-title-403 = Non autorisé
error-title-404 = Page introuvable
error-title-405 = Méthode non autorisée
error-title-413 = Trop volumineux
error-title-429 = Trop de tentatives
error-title-500 = Une erreur est survenue
error-title-503 = Service indisponible
error-back-home = Retour à l’accueil
error-bad_request = La requête n’a pas pu être comprise.
error-forbidden = Vous n’êtes pas autorisé à faire ceci.
error-csrf = Le formulaire a expiré ou ne provient pas de ce site. Revenez en arrière, rechargez la page et réessayez.
error-not_found = Il n’y a rien à cette adresse.
error-method_not_allowed = Cette adresse n’accepte pas ce type de requête.
error-method_not_allowed-allow = Cette adresse répond à { $allow }.
error-payload_too_large = Ce que vous avez envoyé dépasse la taille acceptée par ce site.
error-payload_too_large-limit = Ce que vous avez envoyé dépasse les { $megabytes } Mo acceptés par cette adresse.
error-rate_limited = Trop de tentatives en peu de temps. Attendez quelques minutes et réessayez.
error-internal = Une erreur inattendue est survenue. Elle a été enregistrée ; veuillez réessayer.
error-unavailable = La base de données ne répond pas. Veuillez réessayer dans un instant.
error-bad_credentials = Adresse e-mail ou mot de passe incorrect.
error-email_invalid = Cette adresse e-mail n’est pas valide.
error-email_taken = Un compte existe déjà avec cette adresse e-mail.
error-name_empty = Veuillez saisir un nom.
error-name_too_long = Le nom est trop long (100 caractères au plus).
error-name_invalid = Le nom contient des caractères non autorisés.
error-password_too_short = Le mot de passe doit comporter au moins 8 caractères.
error-password_too_long = Le mot de passe est trop long (256 caractères au plus).
error-password_wrong = Le mot de passe actuel est incorrect.
error-role_unknown = Rôle inconnu.
error-label_invalid = Le libellé n’est pas valide.
audit-account = compte
audit-round-board = ronde { $round }, table { $board }
audit-game = partie
audit-player = joueur
board-cancel = Retour à la partie
board-claim = Fin de la partie
board-illegal = Ce coup est impossible :
board-label = Plateau de Kiela
board-north = Nord
board-south = Sud
board-over = La partie est terminée :
board-play = jouer ce trou
board-rearrange = Réarrangement (expert)
board-rearrange-play = Jouer le réarrangement
board-to-move = au trait
board-undo = Annuler le dernier coup
bye-half = demi-point
bye-zero = zéro point
claim-draw = Nulle par accord
claim-resign-north = Nord a abandonné
claim-resign-south = Sud a abandonné
claim-time-north = Nord a perdu au temps
claim-time-south = Sud a perdu au temps
col-action = Action
col-actions = Actions
col-board = Table
col-club = Club
col-detail = Détail
table-all-columns = Afficher toutes les colonnes
col-event = Tournoi
col-email = E-mail
col-first = Joue en premier
col-link = Lien personnel
col-name = Nom
col-number = N°
col-points = Pts
col-province = Province
col-rank = Rang
col-rating = Elo
col-result = Résultat
col-role = Rôle
col-second = Joue en second
col-status = Statut
col-when = Quand
col-who = Qui
decision-double-forfeit = Aucun ne s’est présenté
decision-wins = { $winner } gagne
decision-forfeit-win = { $winner } gagne, { $absent } ne s’est pas présenté
decision-draw = nulle
event-accelerated = Appariements accélérés (méthode de Bakou)
event-check-in = Les joueurs pointent avant chaque ronde
event-dates = Dates
event-ends-on = Dernier jour
event-format = Format
event-games-per-match = Parties par match
event-games-per-match-hint = (élimination)
event-grand-final-reset = Finale rejouée (double élimination)
event-initial-colour = Tête de série en ronde 1
event-initial-first = joue en premier
event-initial-second = joue en second
event-knockout-size = Joueurs en élimination
event-knockout-size-hint = (suisse puis élimination)
event-location = Lieu
event-name = Nom
event-no-rounds = Aucune ronde n’a encore été appariée.
event-options = Options
event-players = Joueurs
event-points = Points
event-points-bye = Exempt
event-points-draw = Nulle
event-points-loss = Défaite
event-points-win = Victoire
event-public-page = Page publique
event-register = M’inscrire à ce tournoi
event-register-login = Connectez-vous pour vous inscrire
event-registered = Vous êtes inscrit.
event-rounds = Rondes
event-rounds-hint = (suisse)
event-self-registration = Les joueurs peuvent s’inscrire (l’organisateur valide)
event-starts-on = Premier jour
event-state = État
event-third-place = Match pour la troisième place
event-tiebreaks = Départages
event-tiebreaks-hint = dans l’ordre, parmi :
event-variant = Variante
events-create = Créer le tournoi
events-import = Importer un fichier TRF
events-new = Nouveau tournoi
events-none = Il n’y a pas encore de tournoi.
events-search = Chercher
events-search-hint = nom ou lieu
events-season = Saison
events-circuit = Circuit
events-any = tous
events-find = Chercher
events-none-found = Aucun tournoi ne correspond à la recherche.
events-found = { $count ->
        [one] { $count } tournoi
       *[other] { $count } tournois
    }
events-round-of = Ronde { $round } sur { $rounds }
events-pages = Pages de la liste des tournois
events-title = Tournois
game-approve = Valider ce résultat
game-board = Table { $board }
game-captured = { $stones ->
        [one] { $stones } pierre capturée
       *[other] { $stones } pierres capturées
    }
game-confirm = Confirmer ce résultat
game-decide = Décider du résultat
game-decision-reason = Motif
game-dispute = Contester
game-dispute-reason = Pourquoi ?
game-enter-on-board = Saisir la partie sur le plateau
game-first-mover = joue en premier
game-move = coup
game-paste-record = Collez la feuille de partie (KGN)
game-pending = Un résultat attend confirmation :
game-plies = Coups
game-ply = Coup { $ply }
game-record = Feuille de partie
game-replay = Rejouer
game-status = Statut
game-final-at = Le résultat est convenu. Il devient définitif le { $at }, quand le public voit le dernier coup (le délai du tournoi) : d’ici là le public suit la partie comme en cours, et une contestation reste possible.
game-submissions = Envois
game-submit = Envoyer la feuille
import-intro = Collez un fichier de rapport de tournoi FIDE (TRF). Un nouveau tournoi est créé avec ses joueurs, rondes et résultats, et peut être poursuivi ici.
import-submit = Importer
manage-add-player = Ajouter un joueur
manage-add-staff = Ajouter
manage-import = Importer
manage-import-csv = Importer des joueurs (CSV)
manage-import-csv-hint = Un joueur par ligne : nom, Elo, club, province. Ou commencez par une ligne d’en-tête qui nomme les colonnes, dans n’importe quel ordre : nom, elo, club, province, email, sexe (F/M), annee_naissance, id_federation, etiquettes. Rien n’est importé si une ligne est erronée.
manage-import-line = Ligne { $line }
manage-import-rejected = Rien n’a été importé. Ces lignes ont été refusées :
manage-pair-round = Apparier la ronde { $number }
manage-remove = Retirer
manage-save = Enregistrer
manage-settings = Paramètres
manage-staff = Organisateurs et arbitres
nav-audit = Journal
nav-bracket = Tableau
nav-crosstable = Grille américaine
nav-manage = Gérer
nav-players = Joueurs
nav-queue = File de l’arbitre
nav-standings = Classement
personal-intro = Vos parties. Ouvrez-en une pour envoyer ou confirmer sa feuille.
personal-no-games = Vous n’avez pas encore de partie.
player-approve = Valider
player-bye = Exemption
player-bye-points = Points
player-bye-round = Ronde
player-check-in = Pointer
player-check-out = Dépointer
player-checked-in = présent
player-not-checked-in = non pointé
player-missed-points = Rondes manquées valent
player-share-link = envoyer par message
player-copy-link = copier le lien
player-link-copied = lien copié
player-share-text = Bonjour { $name }, voici votre lien personnel pour le tournoi { $event } : { $url } Il vous montre vos appariements et vous permet d’envoyer ou de confirmer les résultats de vos parties. Ne le partagez pas.
personal-holder = Ce lien est personnel : qui le détient voit vos parties et envoie ou confirme des résultats en votre nom. Ne le partagez pas ; si vous le perdez, demandez-en un nouveau à l’organisateur.
player-personal-link = lien personnel
player-withdraw = Retirer du tournoi
player-withdraw-confirm = Retirer ce joueur du tournoi ?
player-withdrawn = retiré
queue-empty = Aucune partie en attente.
fair-play-title = Jeu loyal
fair-play-intro = Chaque partie finale est comparée à l’analyse du moteur : combien des coups d’un joueur étaient le premier choix du moteur, et combien de pierres ils ont coûté en moyenne, par rapport à ce que font les joueurs du même classement. Le score dit à quelle distance de cela se trouve le jeu du joueur, en écarts-types ; plus grand veut dire moins probable sans aide. Les joueurs au seuil ou au-delà sont signalés pour que vous les examiniez.
fair-play-limits = Un score est une raison de regarder, jamais une preuve. Un bon jour, un joueur meilleur que son classement, ou une partie de positions simples peuvent donner un score élevé ; un joueur aidé de temps en temps seulement peut donner un score bas. Ne décidez rien sur le seul nombre : regardez les parties, le temps pris et ce qui s’est passé dans la salle. Seuls les arbitres et les organisateurs du tournoi voient cette page.
fair-play-progress = { $screened } sur { $games ->
        [one] { $games } partie finale examinée
       *[other] { $games } parties finales examinées
    }.
fair-play-from-installation = Le jeu attendu est mesuré sur { $moves ->
        [one] { $moves } coup
       *[other] { $moves } coups
    } des autres tournois de cette installation.
fair-play-from-simulation = Le jeu attendu est mesuré sur des joueurs simulés de chaque classement (cette installation a encore trop peu d’autres parties).
fair-play-pending = Le jeu attendu est en cours de calcul : revenez dans une minute.
fair-play-threshold = Signalé à partir d’un score de { $threshold } ; un joueur a besoin de { $moves ->
        [one] { $moves } coup compté
       *[other] { $moves } coups comptés
    } pour avoir un score. Les quatre premiers coups de l’ouverture, les coups forcés et les positions décidées ne comptent pas.
fair-play-games = Parties
fair-play-moves = Coups comptés
fair-play-matched = Coup du moteur
fair-play-cost = Coût moyen
fair-play-score = Score
fair-play-flagged = à examiner
fair-play-expected = attendu { $value }
fair-play-decision = Décision
fair-play-decision-no_action = Sans suite
fair-play-decision-warned = Averti
fair-play-decision-referred = Transmis à la fédération
fair-play-decisions = Décisions
fair-play-no-decision = Aucune décision enregistrée pour l’instant.
fair-play-decide = Enregistrer une décision
fair-play-note = Note : ce que vous avez examiné, ce qui a été dit, à qui le dossier est allé
fair-play-record = Enregistrer la décision
fair-play-first-title = Analyser d’abord
fair-play-first-hint = Le moteur analyse chaque partie terminée en arrière-plan, la plus ancienne d’abord. Demandez que les parties de ce tournoi passent avant celles des autres tournois pendant les deux prochains jours, quand vous avez besoin de son examen bientôt.
fair-play-first = Analyser d’abord les parties de ce tournoi
fair-play-first-until = Les parties de ce tournoi sont analysées avant celles des autres tournois jusqu’au { $until }.
fair-play-graph = Coût de chaque coup du joueur, et temps pris sur chaque coup saisi en direct
fair-play-graph-key = Dans chaque graphique, une barre par coup du joueur : sa hauteur est ce que le coup a coûté par rapport à celui du moteur (jusqu’à 10 pierres) ; les barres foncées sont le coup même du moteur, les barres pâles des coups non comptés. La ligne est le temps pris sur chaque coup saisi en direct.
fair-play-game-heading = Ronde { $round }, table { $board }
fair-play-game-summary = Le coup du moteur sur { $matched } de { $moves ->
        [one] { $moves } coup compté
       *[other] { $moves } coups comptés
    } ; coût moyen : { $cost }.
fair-play-timing = Temps par coup saisi en direct, en secondes : médiane { $seconds }, dispersion { $spread } (une faible dispersion, c’est le même temps sur les coups faciles et difficiles).
fair-play-untimed = Les coups n’ont pas été saisis en direct : pas de temps.
fair-play-plies = Tous les coups
fair-play-ply = Coup
fair-play-played = Notation
fair-play-move-cost = Coût
fair-play-seconds = Secondes
fair-play-counted = Compté
fair-play-yes = oui
fair-play-left-out-opening = non : ouverture
fair-play-left-out-forced = non : forcé
fair-play-left-out-decided = non : position décidée
fair-play-no-games = Aucune partie de ce joueur n’est encore examinée.
fair-play-other-events = Autres tournois ici
fair-play-no-other-events = Aucun autre tournoi de ce joueur sur cette installation.
fair-play-person-title = Jeu loyal sur tous les tournois
fair-play-person-limits = L’examen de cette personne dans chaque tournoi de cette installation, chacun jugé comme le voient les arbitres de ce tournoi. Seuls les administrateurs voient cette page. Un score ouvre une enquête, il ne la tranche jamais.
replay-first = Début
replay-last = Fin
replay-next = Suivant
replay-prev = Précédent
round-back = Retour à la ronde
round-bye = exempt
round-discard = Abandonner ce brouillon
round-discard-confirm = Abandonner le brouillon d’appariement ?
round-draft = brouillon
round-draft-notice = Ces appariements sont un brouillon : seuls les organisateurs et arbitres les voient avant publication.
round-exchange = Échanger deux joueurs
round-player-a = Joueur
round-player-b = avec
round-publish = Publier
round-review = Révision
round-sheet = Feuille d’appariement
round-starts = Début
round-swap = Inverser qui joue en premier
round-title = Ronde { $number }
staff-arbiter = arbitre
staff-organiser = organisateur
standings-after = Après la ronde { $round }
standings-wall-chart = Tableau mural
audit-staff_added = membre de l’organisation ajouté
audit-staff_removed = membre de l’organisation retiré
audit-player_added = joueur ajouté
audit-players_imported = joueurs importés
audit-player_registered = joueur inscrit
audit-player_approved = inscription validée
audit-player_withdrawn = joueur retiré
audit-bye_requested = exemption demandée
audit-round_paired = ronde appariée
audit-round_published = ronde publiée
audit-first_move_swapped = premier coup inversé
audit-players_exchanged = joueurs échangés
audit-draft_discarded = brouillon abandonné
audit-record_rejected = feuille refusée
audit-record_final = résultat définitif (feuille de l’arbitre)
audit-record_confirmed = résultat confirmé
audit-record_submitted = feuille envoyée
audit-records_differ = feuilles différentes
audit-result_disputed = résultat contesté
audit-dispute_reason = motif de la contestation
audit-record_approved = résultat validé par un arbitre
audit-arbiter_decision = décision de l’arbitre
audit-decider_added = partie décisive ajoutée
audit-trf_imported = TRF importé
flash-event-created = Le tournoi a été créé.
flash-saved = Enregistré.
flash-fair-play-decided = Décision enregistrée.
flash-fair-play-first = Les parties de ce tournoi sont désormais analysées d’abord.
flash-player-added = Le joueur a été ajouté.
flash-players-imported = Les joueurs ont été importés.
flash-player-withdrawn = Le joueur a été retiré.
flash-player-approved = L’inscription a été validée.
flash-bye-recorded = L’exemption a été enregistrée.
flash-staff-added = Le rôle a été attribué.
flash-staff-removed = Le rôle a été retiré.
flash-registered = Votre inscription est envoyée ; elle attend l’accord de l’organisateur.
flash-event-imported = Le tournoi a été importé.
flash-round-paired = La ronde a été appariée en brouillon. Vérifiez-la puis publiez-la.
flash-round-published = La ronde a été publiée.
flash-draft-discarded = Le brouillon a été abandonné.
flash-round-changed = L’appariement a été modifié.
flash-result-final = Le résultat est définitif.
flash-result-disputed = Le résultat est contesté ; un arbitre décidera.
flash-result-pending = La feuille a été acceptée et attend la confirmation de l’adversaire.
format-swiss = Suisse
format-round_robin = Toutes rondes
format-double_round_robin = Toutes rondes aller-retour
format-single_elimination = Élimination directe
format-double_elimination = Double élimination
format-swiss_then_knockout = Suisse puis élimination
game-status-scheduled = à jouer
game-status-pending = en attente de confirmation
game-status-disputed = contesté
game-status-final = définitif
player-status-pending = en attente de validation
player-status-active = en lice
player-status-withdrawn = retiré
reason-bad_record = La feuille est illisible
reason-move_after_game_end = Un coup après la fin de la partie
reason-bad_notation = Ce n’est pas un coup
reason-illegal_move = Coup illégal
reason-wrong_player = Trou de l’autre joueur
reason-endless_move = Coup sans fin
reason-incomplete_record = La partie n’est pas finie
reason-result_mismatch = Le résultat ne correspond pas à la partie
reason-final_position_mismatch = La position finale ne correspond pas
reason-plies_mismatch = Le nombre de coups ne correspond pas
round-state-draft = brouillon
round-state-published = publiée
state-registration = inscriptions
state-running = en cours
state-finished = terminé
termination-no_stones = plus de pierres
termination-no_legal_move = aucun coup possible
termination-only_endless_moves = seulement des coups sans fin
termination-resignation = abandon
termination-time_forfeit = perte au temps
termination-agreement = accord
termination-adjudication = décision de l’arbitre
tiebreak-BH = Buchholz
tiebreak-BH-C1 = Buchholz moins le plus faible
tiebreak-BH-M1 = Buchholz médian
tiebreak-SB = Sonneborn-Berger
tiebreak-DE = Confrontation directe
tiebreak-WIN = Rondes gagnées
tiebreak-WON = Parties gagnées
tiebreak-ARO = Moyenne Elo des adversaires
tiebreak-KS = Koya
tiebreak-PS = Score progressif
variant-beginner = Débutant
variant-advanced = Avancé
variant-expert = Expert
error-unauthorized = Cette requête demande un jeton d’API : envoyez l’en-tête Authorization: Bearer <jeton>.
error-bad_token = Le jeton d’API est inconnu ou révoqué.
error-malformed = La requête est illisible.
error-malformed-reason = La requête est illisible : { $reason }
error-malformed-field = Le champ `{ $field }` est illisible : { $reason }
error-malformed-not-an-object = le corps JSON doit être un objet
error-malformed-not-utf8 = la feuille doit être du texte UTF-8
error-unsupported_media_type = Ce type de contenu n’est pas accepté ici.
error-unprocessable = La requête a été comprise mais refusée.
error-conflict = Impossible dans l’état actuel.
error-login_required = Veuillez vous connecter.
error-number_invalid = Veuillez saisir un nombre.
error-format_unknown = Format inconnu.
error-variant_unknown = Variante inconnue.
error-rounds_invalid = Le nombre de rondes n’est pas valide (1 à 99 pour un suisse).
error-games_per_match_invalid = Les parties par match doivent être entre 1 et 9.
error-knockout_size_invalid = Le nombre de joueurs en élimination doit être entre 2 et 256.
error-tiebreak_unknown = Ce code de départage n’est pas connu :
error-date_invalid = Cette date n’est pas valide.
error-dates_reversed = Le dernier jour précède le premier.
error-location_invalid = Le lieu n’est pas valide.
error-points_invalid = Les points doivent être entre 0 et 100, en dixièmes.
error-points_order = Une victoire doit valoir plus qu’une défaite, et la nulle entre les deux.
error-colour_invalid = Choix du premier coup inconnu.
error-event_started = Une fois le jeu commencé, le format, la variante et le premier coup ne peuvent plus changer, les rondes suisses ne peuvent être moins nombreuses que celles déjà appariées, et une fois l’élimination directe commencée, sa taille et la longueur de ses matchs sont fixées.
error-account_unknown = Aucun compte n’a cette adresse e-mail.
error-owner_is_organiser = Le créateur du tournoi en reste l’organisateur.
error-field_invalid = Un champ est trop long ou contient des caractères interdits.
error-rating_invalid = L’Elo doit être un nombre de 0 à 4000.
error-missed_points_invalid = Les rondes manquées valent zéro ou un demi-point.
error-csv_unreadable = Cette ligne est illisible.
error-csv_too_many_fields = Plus de champs que de colonnes (nom, Elo, club, province, ou celles que nomme la ligne d’en-tête).
error-csv_empty = Il n’y a rien à importer.
error-event_finished = Le tournoi est terminé.
error-already_registered = Vous êtes déjà inscrit.
error-not_pending = Cette inscription n’attend pas de validation.
error-already_withdrawn = Le joueur est déjà retiré.
error-bye_kind_invalid = Une exemption vaut un demi-point ou zéro.
error-bye_round_invalid = Les exemptions se demandent pour des rondes pas encore appariées.
error-round_already_paired = Cette ronde est déjà appariée.
error-no_valid_pairing = Aucun appariement ne respecte les règles (revanches, exemptions, couleurs).
error-no_more_rounds = Toutes les rondes ont été jouées.
error-not_enough_players = Il faut au moins deux joueurs.
error-round_not_published = La ronde en cours n’est pas encore publiée :
error-round_open = La ronde en cours a encore des parties sans résultat définitif, aux tables :
error-decider_needed = Un match à élimination est à égalité et demande une partie décisive.
error-round_exists = Cette ronde vient d’être appariée par quelqu’un d’autre.
error-already_published = La ronde est déjà publiée.
error-round_published = Une ronde publiée ne peut plus être modifiée.
error-bye_has_no_colours = Une exemption n’a pas de premier coup à inverser.
error-same_player = Choisissez deux joueurs différents.
error-player_not_in_round = Ce joueur n’est pas dans cette ronde.
error-not_last_round = Seule la dernière ronde peut être abandonnée.
error-invalid_record = La feuille n’est pas valide.
error-record_unfinished = La feuille ne termine pas la partie : jouez-la jusqu’au bout ou indiquez comment elle s’est terminée.
error-record_mismatch = La feuille ne correspond pas à l’appariement :
error-game_has_no_opponent = Cette partie n’a pas d’adversaire.
error-game_final = Cette partie a déjà un résultat définitif.
error-stale = Quelqu’un a modifié cette partie au même moment ; réessayez.
error-nothing_to_confirm = Il n’y a aucun résultat à confirmer.
error-cannot_confirm_own = Vous ne pouvez pas confirmer votre propre feuille.
error-reason_too_long = Le motif est trop long.
error-note_too_long = La note est trop longue : 2 000 caractères au plus.
error-fair_play_decision_unknown = Choisissez une décision : sans suite, averti ou transmis à la fédération.
error-result_invalid = Résultat inconnu.
error-trf_invalid = Le fichier TRF ne peut pas être importé :
error-round_not_published_yet = La ronde n’est pas encore publiée.
crosstable-first = p
crosstable-second = s
crosstable-legend = Chaque case : le rang de l’adversaire, p (a joué en premier) ou s (en second), et le résultat (+ et - sont des forfaits). Sans adversaire : + exempt, ½ exemption d’un demi-point, – absent.
player-performance = Performance
player-next-game = Prochaine partie :
player-open-game = ouvrir
player-results = Résultats
player-opponent = Adversaire
player-tiebreaks = Départages
player-breakdown-intro = Ce que chaque ronde apporte au Buchholz (score de l’adversaire, ajusté pour les rondes non jouées ; son propre score pour une ronde sans partie) et au Sonneborn-Berger (le même, multiplié par les points marqués).
player-contribution = Part du Buchholz
player-sb-part = Part du SB
player-unplayed = pas de partie
player-cut = écarté
player-voluntary = non jouée volontairement
bracket-bye = (exempt)
bracket-waiting = …
bracket-champion = Champion :
bracket-not-seeded = La phase à élimination n’a pas encore commencé.
bracket-games = voir les parties
scoresheets-title = Feuilles de partie
scoresheets-print-hint = Imprimez cette page : une feuille par table.
scoresheets-qr = Scannez pour envoyer le résultat
scoresheets-signatures = Signatures
round-scoresheets = Feuilles de partie
event-exports = Téléchargements
event-calendar = Calendrier (iCal)
event-all-games = Toutes les parties (KGN)
event-trf = Rapport de tournoi (TRF)
game-first-mover-label = Joue en premier
why-link = Pourquoi cet appariement ?
why-title = Pourquoi cet appariement
why-intro = Comment le système hollandais (FIDE C.04.3) a apparié cette ronde, table par table. Les scores sont ceux d’avant la ronde.
why-accelerated = Ce tournoi utilise l’accélération de Bakou : les scores comprennent les points virtuels donnés à la moitié haute du tableau dans les premières rondes.
why-same-group = Les deux sont dans le groupe de { $score ->
        [one] { $score } point
       *[other] { $score } points
    }.
why-floater = { $player } ({ $high ->
        [one] { $high } point
       *[other] { $high } points
    }) est descendu affronter { $other } ({ $low ->
        [one] { $low } point
       *[other] { $low } points
    }) : le groupe supérieur ne pouvait pas apparier tout le monde entre eux.
why-virtual = { $player } compte { $points ->
        [one] { $points } point virtuel
       *[other] { $points } points virtuels
    } cette ronde.
why-standard-kept = C’est l’appariement normal du groupe : la moitié haute contre la moitié basse, dans l’ordre.
why-standard-rematch = L’appariement normal aurait été { $player } contre { $expected }, mais ils se sont déjà affrontés : jamais deux fois le même adversaire.
why-standard-clash = L’appariement normal aurait été { $player } contre { $expected }, mais tous deux doivent jouer du même côté (préférences absolues) : ils ne peuvent pas se rencontrer.
why-standard-quality = L’appariement normal aurait été { $player } contre { $expected } ; l’échange donne à plus de joueurs le côté qu’ils préfèrent ou évite de répéter les flotteurs, critères que les règles pèsent dans cet ordre.
why-already-met = { $player } a déjà joué contre { $names } de ce groupe.
why-preferences = Au départ : { $first } { $first_pref } ; { $second } { $second_pref }.
pref-none = n’a pas de préférence
pref-first-absolute = doit jouer en premier
pref-first-strong = préfère fortement jouer en premier
pref-first-mild = aimerait jouer en premier (alternance)
pref-second-absolute = doit jouer en second
pref-second-strong = préfère fortement jouer en second
pref-second-mild = aimerait jouer en second (alternance)
why-fm-first-round = { $player } joue en premier : à la ronde 1, le premier coup alterne de table en table à partir du choix du tournoi pour la première table.
why-fm-both = { $player } joue en premier : les deux joueurs ont le côté qu’ils préfèrent.
why-fm-only = { $player } joue en premier : seul { $chooser } a une préférence, et l’obtient.
why-fm-stronger = { $player } joue en premier : tous deux veulent le même côté et { $chooser } a la préférence la plus forte.
why-fm-history = { $player } joue en premier : tous deux veulent le même côté avec la même force ; en remontant à la dernière ronde où leurs côtés différaient, l’alternance favorise { $chooser }.
why-fm-ranking = { $player } joue en premier : tous deux veulent le même côté, avec la même force et le même historique, et { $chooser } est mieux classé.
why-fm-none = { $player } joue en premier : aucun n’a de préférence, les côtés alternent donc selon le classement.
why-fm-by-hand = { $player } joue en premier parce que l’organisateur a inversé le premier coup à la main.
why-board-by-hand = L’organisateur a modifié cette table à la main après l’appariement.
why-bye-lowest = { $player } ({ $score ->
        [one] { $score } point
       *[other] { $score } points
    }) est exempt : le score le plus bas, et le moins bien classé avec ce score, parmi ceux qui n’ont encore eu ni exemption ni victoire sans jouer.
why-bye-constrained = { $player } ({ $score ->
        [one] { $score } point
       *[other] { $score } points
    }) est exempt : la donner à un joueur plus bas aurait enfreint une règle plus importante (un adversaire déjà rencontré ou une limite de premier coup).
why-bye-by-hand = { $player } est exempt, fixé à la main.
why-bye-ineligible = Sans droit à l’exemption (déjà exemptés, ou vainqueurs sans jouer) : { $names }.
error-not_a_swiss_round = Seules les rondes suisses ont une explication de l’appariement.
error-registration_closed = Ce tournoi n’accepte pas d’inscriptions des joueurs ; adressez-vous à l’organisateur.
game-upload-record = Ou envoyez la partie dans un fichier (.kgn ou texte) :
game-upload-submit = Envoyer le fichier
error-record_file_missing = Choisissez le fichier de la partie à envoyer.
error-record_file_not_text = Le fichier n’est pas une partie en texte (KGN en UTF-8).
account-password-revoke-tokens = Révoquer aussi tous mes jetons d’API
account-password-sessions = Changer le mot de passe ferme la session dans tous les autres navigateurs de ce compte.
account-email-title = Changer l’adresse e-mail
account-email-new = La nouvelle adresse
account-email-hint = Un lien part vers la nouvelle adresse : votre adresse ne change qu’une fois ce lien ouvert (dans les { $hours } heures). D’ici là, vous vous connectez avec celle-ci.
account-email-no-mail = Ce site n’envoie pas encore d’e-mail : le lien attend pour partir qu’un serveur de courrier soit configuré.
account-email-submit = Envoyer le lien
email-change-title = Une nouvelle adresse e-mail
email-change-confirm = Faire de { $email } l’adresse de votre compte ? Vous vous connecterez ensuite avec elle, et les messages y iront.
email-change-submit = Confirmer la nouvelle adresse
email-change-dead = Ce lien a déjà servi, ou date de plus de { $hours } heures, ou un lien plus récent a été demandé. Redemandez-le depuis la page de votre compte.
error-busy = Le serveur est occupé. Veuillez réessayer dans quelques secondes.
error-last_admin = C’est le seul compte administrateur de l’installation : nommez d’abord un autre administrateur.
error-own_game = Vous jouez cette partie : vous ne pouvez pas en décider, confirmer ou saisir le résultat comme arbitre ; un autre arbitre ou organisateur doit le faire.
personal-account-title = Votre compte
personal-linked-to-you = Cette inscription est liée à votre compte : vos parties sont aussi accessibles quand vous êtes connecté.
personal-linked-other = Cette inscription est liée à un compte. Si ce n’est pas le vôtre, prévenez l’organisateur.
personal-claim-intro = Vous êtes connecté en tant que { $name }. Si cette inscription est la vôtre, liez-la à votre compte : vous retrouverez vos parties une fois connecté, sur tout appareil.
personal-claim = C’est moi : lier à mon compte
personal-claim-sign-in = Avec un compte, vous pouvez y lier cette inscription et retrouver vos parties une fois connecté.
flash-player-claimed = L’inscription est maintenant liée à votre compte.
flash-player-linked = L’inscription a été liée au compte.
flash-player-unlinked = L’inscription n’est plus liée à aucun compte.
flash-link-reissued = Un nouveau lien personnel a été créé ; l’ancien ne fonctionne plus.
error-entry_taken = Cette inscription est déjà liée à un autre compte.
error-account_has_entry = Ce compte a déjà une inscription dans ce tournoi.
player-reissue = nouveau lien
player-reissue-confirm = Créer un nouveau lien personnel ? L’ancien cesse aussitôt de fonctionner.
player-account-linked = liée à un compte
player-unlink = délier
player-link-suggested = Lier au compte de { $name }
player-link = lier à un compte
player-link-submit = Lier
player-reissue-account = Le compte lié à cette inscription
player-reissue-end = le délier (qui a revendiqué l’inscription avec l’ancien lien n’agit plus pour elle)
player-reissue-keep = le garder
player-account-linked-to = liée au compte de { $name }
player-account-via-link = par le lien personnel, non confirmé
player-account-via-organiser = par l’organisation
player-account-via-registration = par sa propre inscription
player-account-confirm = Confirmer que c’est cette personne
player-account-person-differs = Dans le registre de la fédération, le compte est lié à { $name } ({ $id }), qui n’est pas la personne de cette inscription. Vérifiez avant d’approuver ou de changer le numéro de fédération.
error-title-408 = Trop lent
error-body_timeout = Le formulaire ou le fichier n’est pas arrivé à temps. Vérifiez la connexion et renvoyez-le.
audit-player_claimed = inscription liée par son joueur (lien personnel)
audit-player_linked = inscription liée à un compte par l’organisateur
audit-player_unlinked = inscription déliée de son compte
audit-link_reissued = nouveau lien personnel créé
error-own_entry = C’est votre propre inscription : un autre organisateur doit changer le compte auquel elle est liée.
error-pairing_violates_criteria = L’appariement trouvé enfreint un critère absolu et n’a pas été conservé. Signalez le problème aux responsables du logiciel.
error-game_not_final = Cette partie n’a pas encore de résultat définitif : décidez-la au lieu de la corriger.
error-reason_required = Indiquez le motif.
audit-result_corrected = résultat définitif corrigé
audit-record_accepted = feuille acceptée par l’arbitre
audit-replay_ordered = partie à rejouer
audit-decision_reason = motif de la décision
outcome-draw = Partie nulle
outcome-draw-adjudication = Nulle par décision de l’arbitre
outcome-double-forfeit = Forfait des deux joueurs
outcome-forfeit = { $winner } gagne par forfait : { $loser } n’a pas joué
outcome-no_stones = { $winner } gagne : { $loser } n’a plus de graines
outcome-no_legal_move = { $winner } gagne : { $loser } ne peut plus jouer
outcome-only_endless_moves = { $winner } gagne : { $loser } n’a que des coups sans fin
outcome-resignation = { $winner } gagne : { $loser } a abandonné
outcome-time_forfeit = { $winner } gagne : { $loser } a perdu au temps
outcome-adjudication = { $winner } gagne par décision de l’arbitre
outcome-win = { $winner } gagne
outcome-after-plies = { $outcome }, au coup { $plies }
board-marked = le coup en question
game-dispute-reason-shown = Pourquoi le résultat est contesté :
game-refused-board = Le plateau avant le coup, son trou marqué :
game-fix-on-board = Corriger sur le plateau depuis le dernier coup valable
game-pending-record = Feuille en attente de confirmation
game-not-our-game = Ce n’est pas notre partie : contester
game-paste-corrected-record = Collez une feuille (la vôtre est définitive aussitôt)
game-records-part = Les deux dernières feuilles divergent au coup { $ply } :
game-record-ended = (la feuille est terminée)
game-position-before = La position avant ce coup, les deux coups marqués :
game-submission-by = Feuille envoyée par { $name }
submitter-player = joueur
submitter-arbiter = arbitre
submitter-organiser = organisateur
submission-status-pending = en attente de confirmation
submission-status-disputed = contesté
submission-status-confirmed = confirmé
submission-status-final = définitif (organisation)
submission-status-superseded = remplacé
game-submission-refused = Refusé
game-replay-this = Rejouer cette feuille
game-accept-record = Accepter cette feuille
game-correct = Corriger le résultat définitif
game-correct-help = Le classement et tout ce qui suit sont recalculés ; vous êtes informé des tables des rondes suivantes qui auraient été appariées autrement.
game-correction-reason = Motif (obligatoire)
game-correction = Correction
game-corrected-from = Résultat corrigé par l’organisation (c’était { $previous }). Motif :
game-record-ends = La feuille, gardée telle qu’elle a été jouée, se termine sur { $result }.
decision-replay = Faire rejouer la partie
game-replay-of-submission = Relecture de la feuille envoyée par { $name }
game-replay-of-pending = Relecture de la feuille en attente de confirmation
game-replay-live = En cours : les coups joués jusqu’ici, le dernier en évidence
game-corrected-later-rounds = Le résultat est corrigé et le classement recalculé. Des rondes suivantes ont été appariées sur l’ancien résultat ; ces tables seraient maintenant appariées autrement :
game-corrected-later-help = Laissez-les telles quelles (les parties ont été jouées), ou retirez la dernière ronde tant qu’aucun de ses résultats n’est définitif et appariez-la à nouveau.
flash-result-corrected = Le résultat est corrigé et le classement recalculé.
flash-replay-ordered = La partie sera rejouée : ses feuilles sont mises de côté.
error-round_has_results = Une partie de cette ronde a déjà un résultat définitif : la ronde ne peut plus être retirée.
error-boards_empty = Indiquez au moins une table.
error-player_unknown = Un joueur des tables n’est pas inscrit à ce tournoi.
error-player_not_active = Un joueur des tables est retiré ou pas encore accepté.
error-player_twice = Un joueur est à deux tables.
error-player_has_games = Ce joueur a des parties dans le tournoi : retirez-le plutôt.
audit-round_withdrawn = ronde retirée (redevenue brouillon)
audit-round_paired_by_hand = ronde appariée à la main
audit-player_edited = données du joueur modifiées
audit-player_removed = joueur supprimé
audit-registration_rejected = inscription refusée
manage-import-duplicates = Les joueurs sont importés. Ces lignes ressemblent à une inscription déjà là (même nom et club, ou même adresse e-mail) ; supprimez l’inscription en trop le cas échéant :
manage-import-already-entered = Ces lignes ressemblent à des joueurs déjà inscrits (même nom et même club, ou même adresse e-mail). Rien n’a été importé : un fichier envoyé deux fois ne double pas les joueurs.
manage-import-already-entered-hint = Retirez ces lignes et renvoyez le fichier ; ou, s’il s’agit vraiment d’autres personnes, cochez la case sous le fichier.
manage-import-also-entered = Inscrire aussi les lignes qui ressemblent à des joueurs déjà inscrits
flash-player-added-duplicate = Le joueur est ajouté, mais une inscription de même nom et club (ou même e-mail) existait déjà : vérifiez la liste.
round-hand-warnings = Enregistré comme vous l’avez fixé. Il enfreint ces critères absolus (outrepassés, et consignés) :
criterion-rematch = joueurs qui se sont déjà rencontrés
criterion-colour_difference = écart de premiers coups au-delà de deux
criterion-same_colour_thrice = joue en premier (ou en second) trois fois de suite
criterion-second_bye = une deuxième ronde gagnée sans jouer
criterion-paired_times = n’est pas à exactement une table
round-pair-again = Apparier cette ronde à nouveau
round-pair-again-confirm = Abandonner cet appariement et apparier la ronde à nouveau d’après le tournoi tel qu’il est ?
round-by-hand = Apparier à la main
round-by-hand-hint = Fixez chaque table : qui joue en premier et l’adversaire (aucun : exempt). Les critères enfreints sont signalés ; votre appariement est conservé.
round-by-hand-publish = Publier aussitôt
round-by-hand-save = Enregistrer cet appariement
round-withdraw = Retirer cette ronde (redevient brouillon)
round-withdraw-confirm = Retirer l’appariement publié ? Les feuilles déjà envoyées pour cette ronde sont mises de côté.
flash-round-withdrawn = La ronde est retirée : elle est de nouveau un brouillon.
player-reject = Refuser
player-reject-reason = Motif (conservé dans le journal des modifications)
player-edit = Modifier
player-remove = Supprimer cette inscription
player-remove-confirm = Supprimer cette inscription ? Seule une inscription sans partie peut l’être.
flash-player-edited = Les données du joueur sont enregistrées.
flash-player-removed = L’inscription est supprimée.
flash-registration-rejected = L’inscription est refusée.
event-registration-pending = Votre inscription attend l’accord de l’organisateur.
event-you-withdrawn = Vous êtes retiré de ce tournoi.
event-you-checked-in = Votre présence pour la prochaine ronde est enregistrée.
event-you-not-checked-in = Votre présence n’est pas encore enregistrée : signalez-vous à l’arbitre.
nav-my-games = Mes parties
col-round = Ronde
my-number = Numéro d’appariement { $number }
my-opponent = Adversaire
my-you-move-first = vous jouez en premier
my-opponent-moves-first = votre adversaire joue en premier
my-action-submit = Après la partie, envoyez sa feuille.
my-action-confirm = Votre adversaire a envoyé la feuille : vérifiez-la et confirmez-la (ou contestez-la).
my-action-await_opponent = Votre feuille attend la confirmation de votre adversaire.
my-action-await_arbiter = Le résultat est contesté : l’arbitre décide.
my-action-none = Rien à faire.
my-go-submit = Saisir le résultat
my-go-confirm = Vérifier et confirmer
my-go-await_opponent = Ouvrir la partie
my-go-await_arbiter = Ouvrir la partie
my-go-none = Ouvrir la partie
my-nothing-to-do = Rien à faire pour l’instant (ronde { $round }).
my-games-title = Mes parties
my-games-none = Aucune inscription n’est encore liée à votre compte. Ouvrez votre lien personnel et choisissez « c’est moi », ou demandez à l’organisateur de lier votre inscription.
personal-print-slip = Imprimer mon coupon
slips-title = Liens personnels
slips-print-hint = Imprimez cette page et découpez le long des traits : un coupon par joueur.
hall-phones-open = Les téléphones de la salle ouvrent
hall-no-address = Cette page a été ouverte comme le portable lui-même (localhost) : sur un téléphone cette adresse est le téléphone, donc aucun code QR ni lien n’est imprimé ici.
hall-no-address-fix = Démarrez le programme en mode salle et ouvrez cette page à l’adresse qu’il affiche (ou réglez base_url) :
join-title = Feuille d’accueil
join-intro = Une feuille à imprimer et à afficher là où arrivent les joueurs : le Wi-Fi de la salle (un code qui le rejoint), puis l’adresse de ce site (un code et en gros caractères), puis comment trouver ses parties.
join-network = Le nom du Wi-Fi
join-password = Son mot de passe
join-open = Le réseau n’a pas de mot de passe
join-password-hint = Le mot de passe est écrit sur la feuille et dans son code, et conservé nulle part. Sans mot de passe (et sans réseau ouvert), la feuille ne donne que le nom du réseau.
join-make = Faire la feuille
join-again = Une autre feuille
join-step-wifi = 1. Rejoignez le Wi-Fi
join-wifi-scan = Pointez l’appareil photo du téléphone vers le code pour le rejoindre.
join-step-site = 2. Ouvrez Kiela
join-step-games = 3. Trouvez vos parties
join-games = Sur le site : le tournoi, puis Joueurs, puis votre nom ; le code de votre fiche et la feuille de partie de votre table ouvrent aussitôt votre partie. Pas besoin d’internet : le site est ce portable.
hall-staff-laptop-only = Sur ce lieu, les comptes se connectent sur le portable lui-même : le réseau de la salle est partagé par tous dans la salle, et un mot de passe envoyé par lui pourrait être lu par n’importe quel téléphone connecté. Les joueurs n’ont pas besoin de compte : le code de leur fiche ou de la feuille de partie de leur table ouvre leur partie.
reset-title = Un nouveau mot de passe
reset-password = Le nouveau mot de passe
reset-hint = Au moins 8 caractères. Toutes les sessions du compte se terminent : reconnectez-vous avec le nouveau mot de passe. Les jetons d’API du compte restent (révoquez-les sur la page du compte).
reset-submit = Définir le mot de passe
reset-ask-again = Ce lien a déjà servi, ou date de plus de 30 minutes. Demandez-en un nouveau (« Mot de passe oublié ? » sur la page de connexion), ou demandez-le à un administrateur.
reset-made-title = Un lien à usage unique pour un nouveau mot de passe
reset-made-for = Pour { $email }. Remettez-le en main propre (ou lisez-le) : il définit le mot de passe du compte une fois.
reset-made-hint = Il fonctionne pendant { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    } et une seule fois ; il n’est montré que maintenant. Sa création est écrite dans le journal du compte.
admin-reset-link = Lien pour un nouveau mot de passe
flash-password-reset = Le mot de passe a été défini et toutes les sessions du compte se sont terminées : connectez-vous avec lui.
forgot-title = Mot de passe oublié
forgot-explain = Indiquez l’adresse avec laquelle vous vous connectez. Si c’est celle d’un compte, un lien pour choisir un nouveau mot de passe y est envoyé.
forgot-no-mail = Ce site n’envoie pas de courriel (aucun serveur de courrier configuré) : demandez à un administrateur un lien pour choisir un nouveau mot de passe.
forgot-submit = Envoyer le lien
forgot-sent = Si { $email } est l’adresse d’un compte, un lien pour choisir un nouveau mot de passe est en route vers elle. Il fonctionne pendant { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }, et une seule fois.
forgot-sent-hint = Rien reçu ? Regardez dans les indésirables, vérifiez l’adresse, ou demandez un lien à un administrateur.
unsubscribe-title = Annonces par courriel
unsubscribe-receiving = { $email } reçoit les annonces des tournois où il joue : rondes publiées, classements finaux, avis de l’organisation.
unsubscribe-stopped = { $email } ne reçoit plus d’annonces.
unsubscribe-stop = Plus d’annonces
unsubscribe-again = Recevoir de nouveau les annonces
unsubscribe-hint = Les messages sur vos propres parties (une feuille à confirmer, une contestation, une correction) et les liens pour un nouveau mot de passe sont toujours envoyés : ils répondent à ce que vous avez fait ou devez faire.
flash-unsubscribed = C’est fait : plus d’annonces à cette adresse.
flash-resubscribed = C’est fait : cette adresse reçoit de nouveau les annonces.
flash-notice-queued = { $queued ->
        [one] L’avis attend d’être envoyé à { $queued } joueur.
       *[other] L’avis attend d’être envoyé à { $queued } joueurs.
    }
flash-notice-none = Aucun joueur de ce tournoi n’a d’adresse électronique : rien n’a été envoyé.
flash-message-again = Le message attend d’être renvoyé.
mail-title = Courrier
mail-no-smtp = Cette installation n’a pas de serveur de courrier (smtp_url) : les messages attendent ici et partent dès qu’un serveur est configuré et joignable.
mail-count-waiting = { $count ->
        [one] { $count } message en attente
       *[other] { $count } messages en attente
    }
mail-count-sent = { $count ->
        [one] { $count } message envoyé
       *[other] { $count } messages envoyés
    }
mail-count-failed = { $count ->
        [one] { $count } message en échec
       *[other] { $count } messages en échec
    }
mail-dropped = { $count ->
        [one] { $count } message n’a pas été mis en file : la boîte d’envoi était pleine.
       *[other] { $count } messages n’ont pas été mis en file : la boîte d’envoi était pleine.
    }
mail-choice-title = Ce que le tournoi envoie
mail-language = Langue des messages
mail-language-hint = Pour les joueurs sans compte ; un joueur avec un compte reçoit les messages dans la langue avec laquelle il se connecte.
mail-choice-sends = Messages aux joueurs
mail-choice-disputes = Une contestation ouverte, puis tranchée
mail-kind-password_reset = Lien pour un nouveau mot de passe
mail-kind-personal_link = Lien personnel
mail-kind-round_published = Ronde publiée (table, qui joue en premier, adversaire)
mail-kind-confirmation_wanted = Feuille à confirmer
mail-kind-dispute_opened = Contestation ouverte
mail-kind-dispute_decided = Contestation tranchée
mail-kind-result_corrected = Résultat corrigé
mail-kind-final_ranking = Classement final
mail-kind-notice = Avis
mail-state-waiting = en attente
mail-state-sent = envoyé
mail-state-failed = en échec
mail-notice-title = Un avis à tous les joueurs
mail-notice-text = Avis
mail-notice-hint = Envoyé à chaque joueur du tournoi ayant une adresse électronique, dans la langue du tournoi. Au plus 5 000 caractères.
mail-notice-send = Envoyer l’avis
mail-list-title = Messages
mail-list-empty = Aucun message pour l’instant.
mail-col-to = À
mail-col-kind = Message
mail-col-state = État
mail-col-when = Quand
mail-again = Renvoyer
mail-attempts = { $count ->
        [one] { $count } tentative
       *[other] { $count } tentatives
    }
mail-next-attempt = prochaine à
mail-answer = La réponse du serveur de courrier
mail-sent-at = envoyé
mail-greeting = Bonjour { $name },
mail-footer-event = Vous recevez ce message parce que vous jouez à { $event }, organisé sur { $site }.
mail-footer-account = Envoyé par { $site } à l’adresse de votre compte, { $email }.
mail-footer-email_change = Envoyé par { $site } à { $email }, l’adresse demandée pour le compte de { $name }.
mail-footer-email_changed = Envoyé par { $site } à { $email }, l’adresse qu’avait votre compte jusqu’ici.
mail-unsubscribe = Plus d’annonces
mail-outcome-won = vous avez gagné
mail-outcome-lost = vous avez perdu
mail-outcome-drawn = partie nulle
mail-outcome-won_forfeit = vous avez gagné par forfait
mail-outcome-lost_forfeit = vous avez perdu par forfait
mail-outcome-double_forfeit = forfait des deux joueurs
mail-outcome-bye = exemption
mail-password_reset-subject = Un nouveau mot de passe pour { $site }
mail-password_reset-body = Quelqu’un (vous, espérons-le) a demandé un nouveau mot de passe pour le compte { $email }. Le lien ci-dessous le choisit ; il fonctionne pendant { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }, et une seule fois. Si vous n’avez rien demandé, ne faites rien : votre mot de passe reste le même.
mail-password_reset-action = Choisir un nouveau mot de passe
mail-email_change-subject = Confirmez votre nouvelle adresse sur { $site }
mail-email_change-body = Quelqu’un (vous, espérons-le) a demandé que cette adresse devienne celle du compte de { $name } sur { $site }. Le lien ci-dessous la confirme ; il fonctionne pendant { $hours ->
        [one] { $hours } heure
       *[other] { $hours } heures
    }, et une seule fois. Tant qu’il n’est pas ouvert, le compte garde son adresse. Si vous n’avez rien demandé, ne faites rien.
mail-email_change-action = Confirmer cette adresse
mail-email_changed-subject = L’adresse de votre compte sur { $site } a changé
mail-email_changed-body = L’adresse du compte de { $name } est désormais { $new } : les messages et les liens pour un nouveau mot de passe y vont, et cette adresse ne permet plus de se connecter. Si ce changement n’est pas de vous, prévenez tout de suite l’administrateur du site.
mail-personal_link-subject = { $event } : votre lien personnel
mail-personal_link-body = Voici votre lien personnel pour { $event } : vos parties, vos tables et les feuilles que vous saisissez. Gardez-le pour vous : c’est votre clé. Un lien envoyé plus tôt ne fonctionne plus.
mail-personal_link-action = Ouvrir ma page
mail-round_published-subject = { $event } : ronde { $round }, table { $board }
mail-round_published-body = La ronde { $round } est publiée. Vous jouez à la table { $board } contre { $opponent }, et vous { $first ->
        [yes] jouez en premier
       *[no] jouez en second
    }.
mail-round_published-bye = La ronde { $round } est publiée. Vous êtes exempt de cette ronde.
mail-round_published-starts = La ronde commence le { $time }.
mail-round_published-action = Ouvrir ma partie
mail-confirmation_wanted-subject = { $event } : confirmez la feuille de la ronde { $round }
mail-confirmation_wanted-body = { $opponent } a envoyé la feuille de votre partie de la ronde { $round } (table { $board }). Vérifiez-la, puis confirmez-la, ou contestez-la si elle est fausse : le résultat compte quand vous l’acceptez tous les deux.
mail-confirmation_wanted-action = Voir la feuille
mail-dispute_opened-subject = { $event } : la ronde { $round }, table { $board }, va à l’arbitre
mail-dispute_opened-body = Les feuilles de votre partie contre { $opponent } à la ronde { $round } (table { $board }) diffèrent, ou l’un de vous a contesté le résultat. Un arbitre tranche ; vous serez informé de sa décision.
mail-dispute_opened-action = Ouvrir la partie
mail-dispute_decided-subject = { $event } : l’arbitre a tranché la ronde { $round }, table { $board }
mail-dispute_decided-body = L’arbitre a tranché votre partie contre { $opponent } à la ronde { $round } (table { $board }) : { $outcome }.
mail-dispute_decided-action = Ouvrir la partie
mail-result_corrected-subject = { $event } : un de vos résultats a été corrigé
mail-result_corrected-body = Le résultat de votre partie contre { $opponent } à la ronde { $round } (table { $board }) a été corrigé : { $outcome } (avant : { $before }).
mail-result_corrected-action = Ouvrir la partie
mail-final_ranking-subject = { $event } : le classement final
mail-final_ranking-body = { $event } est terminé. Vous finissez { $rank }ᵉ sur { $players }, avec { $points ->
        [one] { $points } point
       *[other] { $points } points
    }.
mail-final_ranking-shared = { $event } est terminé. Vous partagez les places { $rank } à { $place_to } sur { $players }, avec { $points ->
        [one] { $points } point
       *[other] { $points } points
    }.
mail-final_ranking-prize = Votre prix : { $amount } { $currency }.
mail-final_ranking-prize-category = Votre prix en { $category } : { $amount } { $currency }.
mail-final_ranking-action = Voir mes parties et le classement
mail-notice-subject = { $event } : un avis de l’organisation
mail-notice-body = L’organisation de { $event } écrit à tous les joueurs :
mail-notice-action = Ouvrir le tournoi
error-reset_link_dead = Ce lien pour un nouveau mot de passe a déjà servi ou a expiré.
error-email_change_link_dead = Ce lien pour une nouvelle adresse a déjà servi ou a expiré.
error-email_unchanged = C’est déjà l’adresse de votre compte.
error-message_not_resendable = Ce message ne peut pas être renvoyé (il attend encore, ou c’était un lien pour un nouveau mot de passe, que le compte redemande).
error-outbox_full = La boîte d’envoi est pleine : les messages attendent le serveur de courrier. Réessayez quand ils seront partis.
error-notice_empty = Écrivez d’abord l’avis.
error-notice_too_long = Un avis compte au plus 5 000 caractères.
slips-explain = Scannez le code (ou tapez l’adresse) pour voir vos parties et saisir vos résultats. Gardez-le pour vous : c’est votre clé.
slips-copy-title = Liste à envoyer par message
slips-copy-hint = Copiez la ligne de chaque joueur dans un message à ce seul joueur.
enter-title = Saisir le résultat
enter-how = Le résultat de cette partie est saisi par l’un de ses deux joueurs :
enter-with-link = ouvrez votre lien personnel (le code de votre coupon) sur ce téléphone, puis scannez à nouveau ce code ;
enter-sign-in = ou connectez-vous avec le compte lié à votre inscription ;
enter-not-your-game = vous êtes connecté, mais pas comme l’un des joueurs de cette partie ;
enter-ask-arbiter = ou remettez la feuille de partie à l’arbitre.
enter-view-game = Voir la partie
manage-slips = Coupons des liens personnels
claim-none = — pas terminée (choisissez comment elle s’est finie) —
error-go-back = Revenir là où vous étiez
queue-ask-dispute = Contesté : comparez les feuilles et décidez
queue-ask-pending_too_long = Attend trop longtemps la confirmation de l’adversaire : approuvez-le ou relancez l’adversaire
queue-ask-pending = Attend la confirmation de l’adversaire
queue-ask-forfeit = Un joueur est retiré : décidez le forfait
queue-ask-unfinished = La ronde attend cette partie : saisissez son résultat ou décidez
queue-since = depuis
error-nobody_checked_in = Personne n’est encore pointé pour cette ronde : pointez les joueurs présents, puis appariez.
enter-continue-as = Continuer en tant que { $name }
enter-not-you = Vous n’êtes pas { $name } ? Cet appareil se souvient de son lien personnel ; utilisez le vôtre, ou connectez-vous.
error-submission_closed = Cette feuille a été mise de côté : elle ne peut plus être acceptée.
audit-record_set_aside = feuille mise de côté (conservée ici)
error-later_round_paired = La ronde suivante de l’élimination est déjà appariée avec le vainqueur de ce match : retirez-la d’abord, puis corrigez le résultat.
submission-status-rejected = refusé
standings-final = Classement final
standings-final-note = Le tournoi est terminé. Les joueurs de l’élimination sont classés selon l’étape atteinte (places partagées par tête de série), les autres selon le classement.
standings-knockout = Élimination directe
standings-knockout-games = Parties (G–N–P)
standings-swiss-points = Points du suisse
standings-knockout-won = gagné
standings-knockout-lost = perdu
csv-place-to = Jusqu’à la place
csv-last-match = Dernier match
csv-won = G
csv-drawn = N
csv-lost = P
event-result = Résultat
event-champion = champion
event-boards-finished = { $done ->
        [one] { $done } table terminée
       *[other] { $done } tables terminées
    } sur { $total }
standings-final-note-swiss = Le tournoi est terminé : voici son classement final.
standings-knockout-running = Une élimination n’a pas de classement en cours : suivez-la sur le tableau ; son classement final apparaît ici une fois terminée.
error-sex_invalid = Le sexe est F ou M (ou reste vide).
error-birth_year_invalid = L’année de naissance doit être comprise entre 1900 et cette année.
error-federation_id_invalid = L’identifiant de fédération compte au plus 30 lettres, chiffres ou tirets.
error-federation_id_local = C’est l’identifiant local d’un lieu de jeu, pas un identifiant national : la personne est identifiée à l’import du tournoi de ce lieu.
col-sex = Sexe
sex-F = féminin
sex-M = masculin
col-birth-year = Année de naissance
col-federation-id = Identifiant fédéral
error-sharing_invalid = Le partage est equal, hort ou tiebreak.
error-currency_invalid = La devise est un code de trois lettres (AOA, USD, ...).
error-prize_invalid = Un prix est un montant à partir de 0 ou un texte court ; une liste compte au plus 200 prix et 50 catégories.
audit-prizes_set = prix définis
prizes-title = Prix
prizes-provisional = Provisoire : le tournoi n’est pas terminé, la liste suit le classement actuel.
prizes-sharing-equal = Les joueurs à égalité partagent à parts égales les prix de leurs places.
prizes-sharing-hort = Les joueurs à égalité partagent selon le système Hort : moitié par place, moitié à parts égales.
prizes-sharing-tiebreak = Les prix suivent l’ordre des départages, sans partage.
prizes-none = Aucun prix n’est encore attribué.
prizes-prize = Prix
prizes-amount = Montant
prizes-shared = partagé entre { $players }
prizes-place = { $place ->
    [1] 1re
   *[other] { $place }e
} place
prizes-places = { $from ->
    [1] 1re
   *[other] { $from }e
}–{ $to }e place
error-tags_invalid = Les étiquettes sont séparées par des virgules : 10 au plus, chacune de 30 caractères au plus.
col-tags = Étiquettes
player-tags-hint = Vos propres étiquettes, séparées par des virgules, pour des catégories de prix (une école, une ligue).
error-csv_unknown_column = La ligne d’en-tête répète une colonne ou en nomme une qui n’est pas nom, elo, club, province, email, sexe, annee_naissance, id_federation ni etiquettes.
prizes-fund-title = Dotation
prizes-fund-intro = Les prix et leur partage. La liste des prix suit le classement final ; elle est publique une fois l’épreuve terminée, ou plus tôt, provisoire, si vous la publiez.
prizes-fund-rules = Règles
prizes-fund-currency = Devise (trois lettres)
prizes-fund-sharing = Joueurs à égalité
prizes-fund-one-prize = Un prix au plus par joueur
prizes-fund-choice = Un joueur qui a droit à plusieurs prix reçoit
prizes-fund-choice-most-valuable = le plus élevé
prizes-fund-choice-list-order = le premier dans l’ordre des listes
prizes-fund-published = Montrer la liste des prix avant la fin, comme provisoire
prizes-fund-places = Prix au classement
prizes-fund-prizes = Prix, un par ligne à partir du premier
prizes-fund-lines-hint = Un montant (1500, 1 500 ou 1.500,50) ou un prix en nature (Trophée).
prizes-fund-categories-hint = Prix par catégorie : toutes les conditions données doivent être remplies (femmes nées à partir de 2008 : sexe et année). Videz une catégorie pour la retirer ; enregistrez pour en avoir d’autres vides.
prizes-fund-new-category = Nouvelle catégorie
prizes-fund-category-name = Nom
prizes-rule-born-from = Né en ou après
prizes-rule-born-until = Né en ou avant
prizes-rule-rating-below = Elo inférieur à
prizes-rule-unrated = Joueurs sans Elo seulement
prizes-rule-tag = Joueurs portant l’étiquette
prizes-fund-now = La liste des prix maintenant
prizes-fund-public-page = page publique
error-category_invalid = Une catégorie a besoin d’un nom ; ce nom et chacune de ses conditions ont 100 caractères au plus.
prizes-sharing-option-equal = partagent à parts égales
prizes-sharing-option-hort = partagent selon le système Hort
prizes-sharing-option-tiebreak = ne partagent pas (ordre des départages)
event-final = La finale
event-final-game = partie { $number }
event-prize-winners = Lauréats
audit-detail-player = { $name } ({ $number })
audit-detail-reissued = { $name } ({ $number }){ $account ->
    [end]  : compte lié délié
    [keep]  : compte lié gardé
   *[other] {""}
}
audit-detail-registrant = { $name }
audit-detail-player_account = { $name } ({ $number }) → { $email }
audit-detail-player_withdrawn = { $name }, après la ronde { $round }
audit-detail-bye = { $name } : ronde { $round }, { $points }
audit-detail-player_edited = { $name } ({ $number }) : { $changes }
audit-detail-registration_rejected = { $name }{ $reason }
audit-detail-players_imported = { $count ->
        [one] { $count } joueur
       *[other] { $count } joueurs
    }
audit-detail-trf_imported = { $players ->
        [one] { $players } joueur
       *[other] { $players } joueurs
    }, { $rounds ->
        [one] { $rounds } ronde jouée
       *[other] { $rounds } rondes jouées
    }{ $warnings }
audit-detail-prizes = { $places ->
        [one] { $places } prix au classement
       *[other] { $places } prix au classement
    }, { $categories ->
        [one] { $categories } catégorie
       *[other] { $categories } catégories
    }
audit-detail-staff = { $email } ({ $role })
audit-detail-role = { $role }
audit-detail-archive_held = archive { $digest } : { $changes ->
    [one] { $changes } modification à confirmer
   *[other] { $changes } modifications à confirmer
}
audit-detail-archive_imported = { $installation } ({ $code }), tournoi { $venue_event } là-bas, archive { $archive }{ $entries }
audit-imported-new = une nouvelle personne
audit-imported-decided = choisi par l’organisateur
audit-imported-proposed = comme proposé
audit-detail-handed_over = { $from } → { $to }
audit-detail-decisions_rated = { $rated ->
    [true] comptées
   *[other] non comptées
}
audit-detail-account = compte { $account }
audit-detail-round = ronde { $round }
audit-detail-round_paired = ronde { $round } : { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    }
audit-detail-round_by_hand = ronde { $round } : { $boards ->
        [one] { $boards } table
       *[other] { $boards } tables
    }{ $overridden }
audit-overridden = critères outrepassés
audit-detail-board = table { $board }
audit-detail-players_exchanged = joueurs { $first } et { $second } (tables { $first_board } et { $second_board })
audit-detail-decider = { $code } : partie { $game }
audit-detail-result = { $result }
audit-detail-decision = { $result }{ $reason }
audit-detail-accepted = { $result } (feuille n° { $submission }){ $reason }
audit-detail-corrected = { $from } → { $to }{ $reason }
audit-detail-while_disputed = pendant la contestation de la partie
mismatch-variant = la feuille est en variante { $sent } ; l’épreuve se joue en variante { $event }.
mismatch-position = la feuille part d’une autre position ; les parties partent de la position initiale.
mismatch-name = le champ { $tag } indique « { $sent } », mais l’appariement place { $paired } de ce côté.
explain-at-ply = Coup { $ply } ({ $move }) : { $what }
explain-after-ply = Après le coup { $ply } : { $what }
explain-invalid_utf8 = la feuille n’est pas un texte UTF-8 valide.
explain-too_large = la feuille dépasse la limite de { $limit } octets.
explain-tag_without_name = une ligne de champ n’a pas de nom : écrivez [Nom "valeur"].
explain-tag_without_value = un champ n’a pas de valeur entre guillemets : écrivez [Nom "valeur"].
explain-tag_value_unclosed = la valeur d’un champ n’est pas fermée par " sur sa ligne.
explain-tag_unclosed = une ligne de champ n’est pas fermée par ].
explain-tag_twice = le champ { $tag } est donné deux fois.
explain-bad_variant = { $tag } vaut « { $value } » ; il doit valoir beginner, advanced ou expert.
explain-bad_first = { $tag } vaut « { $value } » ; il doit valoir S (Sud) ou N (Nord).
explain-bad_result = { $tag } vaut « { $value } » ; il doit valoir 1-0, 0-1, 1/2-1/2 ou *.
explain-bad_termination = { $tag } vaut « { $value } » ; il doit valoir resignation, time_forfeit, agreement ou adjudication.
explain-bad_position = { $tag } vaut « { $value } », qui n’est pas une position (quatre rangées de dix nombres, puis S ou N).
explain-bad_plies = { $tag } vaut « { $value } » ; il doit être un nombre de coups.
explain-result_conflict = le résultat après les coups, { $token }, contredit le champ Result, { $tag }.
explain-comment_unclosed = un commentaire ouvert par {"{"} n’est jamais fermé par {"}"}.
explain-more_than_one_game = le texte contient plus d’une partie ; envoyez une feuille à la fois.
explain-move_after_end = la partie était déjà finie ({ $loser } avait perdu : { $termination }) ; aucun coup ne peut suivre.
explain-not_a_move = « { $token } » n’est pas un coup : écrivez le nom d’un trou (a1 … j4), ou R:<10 nombres>/<10 nombres> pour un réarrangement.
explain-game_not_over = la feuille indique { $claimed }, mais la partie n’est pas finie sur le plateau et aucun champ Termination ne dit comment elle s’est terminée.
explain-other_result = la feuille indique { $claimed }, mais la partie s’est terminée sur le plateau par { $actual } ({ $loser } a perdu : { $termination }).
explain-other_final_position = le champ FinalPosition n’est pas la position atteinte par les coups.
explain-other_plies = le champ Plies indique { $claimed }, mais la feuille compte { $actual ->
        [one] { $actual } coup
       *[other] { $actual } coups
    }.
explain-rearrangement_not_allowed = un réarrangement (R:) n’est permis que comme premier coup de chaque joueur dans la variante Expert.
explain-rearrangement_total = le réarrangement place { $found ->
        [one] { $found } pierre
       *[other] { $found } pierres
    }, mais { $side } en a { $expected }.
explain-other_players_hole = { $hole } est un trou de { $owner }, mais c’est à { $to_move } de jouer.
explain-too_few_stones = { $hole } { $count ->
        [0] est vide
        [one] contient 1 pierre
       *[other] contient { $count } pierres
    } ; un coup doit partir d’un trou d’au moins { $min ->
        [one] { $min } pierre
       *[other] { $min } pierres
    }.
explain-endless = le semis depuis { $hole } ne finit jamais (plus de { $laps } tours) : un coup sans fin est illégal.
manage-import-csv-placeholder = Ana Kiala,1850,Clube Kiela,Luanda
error-title-401 = Connexion nécessaire
error-title-409 = Impossible pour le moment
error-title-415 = Mauvais type de contenu
error-title-422 = Quelque chose à corriger
prizes-currency = Devise
prizes-goods = Prix en nature
prizes-shared-by = Partagé entre
stage-final = Finale
stage-semi-final = Demi-finales
stage-quarter-final = Quarts de finale
stage-round-of = { $players ->
        [16] Huitièmes de finale
        [32] Seizièmes de finale
       *[other] Tour à { $players }
    }
stage-winners-final = Finale des gagnants
stage-winners-semi-final = Demi-finales des gagnants
stage-winners-quarter-final = Quarts de finale des gagnants
stage-winners-round = Tour { $number } des gagnants
stage-losers-round = Repêchage, tour { $number }
stage-losers-final = Finale du repêchage
stage-grand-final = Grande finale
stage-grand-final-reset = Grande finale, second match
stage-third-place = Troisième place
stage-match = { $stage }, match { $number }
home-new-installation = Une nouvelle installation
home-first-account = Il n’y a encore aucun compte ici. Le premier compte créé administre cette installation : il crée les tournois, donne leurs rôles aux autres comptes et charge le registre de la fédération.
home-create-first-account = Créer le compte d’administration
home-start = Par où commencer
home-first-event = Créer le premier tournoi
home-demo-event = Essayer un tournoi de démonstration
home-demo-explain = Crée un tournoi suisse de 12 joueurs fictifs dont les deux premières rondes sont jouées, pour voir chaque page avant un vrai tournoi.
home-demo-name = Tournoi de démonstration
home-day-title = Une journée de tournoi
home-day-players = Inscrivez les joueurs (un par un, ou un fichier CSV) et pointez ceux qui sont arrivés.
home-day-pair = Appariez la ronde, vérifiez-la et publiez-la.
home-day-slips = Imprimez les fiches des joueurs (chacune avec son lien personnel et son code QR) et les feuilles des tables.
home-day-results = Les joueurs envoient leurs feuilles depuis leur téléphone, ou l’arbitre saisit les résultats ; le classement suit chaque résultat définitif.
home-day-next = Quand toutes les tables ont fini, appariez la ronde suivante.
home-running = En cours
home-upcoming = Inscriptions ouvertes
home-finished = Terminés récemment
home-all-events = Tous les tournois
board-played = joué d’ici
board-sown = semé
board-relay = relais
board-last = dernière pierre
board-captured = capturé
board-legend-captured = les trous de l’adversaire vidés par la prise
replay-moves = Coups
replay-steps = Parcourir la partie
board-stones = { $count ->
        [one] { $count } pierre
       *[other] { $count } pierres
    }
replay-sow-again = Revoir le semis
replay-animation-off = Couper l’animation
replay-animation-on = Activer l’animation
bracket-side-winners = Tableau des gagnants
bracket-side-losers = Repêchage
bracket-side-finals = Finales
player-note = Remarque
event-utc-offset = Heure locale
event-utc-offset-hint = celle du lieu, pour toutes les heures affichées
event-utc-offset-default = celle de l’installation (UTC{ $offset })
error-utc_offset_invalid = L’heure locale est un décalage par rapport à UTC comme +01:00, de -12:00 à +14:00.
trf-at-line = Ligne { $line } :
trf-at-column = Ligne { $line }, colonne { $column } :
trf-empty = le fichier est vide.
trf-not-trf = ce n’est pas un fichier TRF : aucune ligne ne commence par un code TRF comme 012 ou 001.
trf-no-players = le fichier n’a aucune ligne de joueur (001).
trf-team = `{ $found }` est une ligne de tournoi collectif : seuls les tournois individuels peuvent être importés.
trf-rounds = le nombre de rondes doit être un nombre, pas `{ $found }`.
trf-initial-colour = la couleur initiale doit être W ou B, pas `{ $found }`.
trf-points-system = le barème doit donner des codes de résultat (W, D, L, A, P) suivis chacun de ses points, comme 1.0, pas `{ $found }`.
trf-pairing-number = le numéro d’appariement (colonnes 5–8) doit être un nombre de 1 à 9999, pas `{ $found }`.
trf-pairing-number-repeated = le numéro d’appariement { $number } est donné à deux joueurs.
trf-rating = l’Elo (colonnes 49–52) doit être un nombre ou rester vide, pas `{ $found }`.
trf-points = les points (colonnes 81–84) doivent être un score comme 4.5, pas `{ $found }`.
trf-opponent = ronde { $round } : l’adversaire doit être un numéro d’appariement ou 0000, pas `{ $found }`.
trf-no-such-opponent = ronde { $round } : l’adversaire { $opponent } n’a pas de ligne de joueur.
trf-plays-himself = ronde { $round } : un joueur ne peut pas jouer contre lui-même.
trf-colour = ronde { $round } : la couleur doit être w, b ou -, pas `{ $found }`.
trf-result = ronde { $round } : le résultat doit être l’un de 1 = 0 + - W D L H F U Z, pas `{ $found }`.
trf-bye-with-opponent = ronde { $round } : `{ $found }` est une exemption et ne peut pas avoir d’adversaire (écrivez 0000).
trf-no-result = ronde { $round } : la partie n’a pas de résultat (1, =, 0, + ou -).
trf-game-without-colour = ronde { $round } : une partie jouée sur l’échiquier a besoin d’une couleur (w ou b).
trf-games-disagree = ronde { $round } : le joueur { $player } et le joueur { $opponent } ne décrivent pas leur partie de la même façon.
trf-bye-line = une ligne d’exemptions (240) doit donner F, H ou Z, un numéro de ronde et des numéros d’appariement, pas `{ $found }`.
trf-warning-latin1 = le fichier n’est pas en UTF-8 et a été lu en Latin-1 (Windows-1252)
trf-warning-line-not-kept = ligne { $line } : une ligne `{ $found }` est lue mais pas conservée
trf-warning-date = ligne { $line } : `{ $found }` n’est pas une date (AAAA/MM/JJ) et n’est pas conservée
trf-warning-player-count = le fichier annonce { $written ->
        [one] { $written } joueur
       *[other] { $written } joueurs
    } (062) mais a { $found ->
        [one] { $found } ligne
       *[other] { $found } lignes
    } de joueurs
trf-warning-absence-scored = joueur { $player } : les rondes { $rounds } sont vides et valent { $points } en tout, comme le dit le total écrit du joueur
trf-warning-total-disagrees = joueur { $player } : le fichier donne { $written ->
        [one] { $written } point
       *[other] { $written } points
    }, les résultats font { $computed }
trf-warning-birth-date = ligne { $line } : `{ $found }` n’est pas une date de naissance (AAAA/MM/JJ) et n’est pas conservée
trf-warning-format = le type de tournoi `{ $found }` ne peut pas être poursuivi ici ; ses rondes sont gardées comme rondes suisses
trf-warning-points = les points d’une absence, d’un forfait ou d’une exemption différents de ceux d’une partie ne sont pas conservés
trf-warning-tiebreak = le départage `{ $found }` n’est pas connu ici et n’est pas conservé
trf-warning-bye = joueur { $player } : l’exemption à un point prévue pour la ronde { $round } n’est pas conservée (donnez-la à l’appariement)
flash-event-imported-warnings = Le tournoi a été importé. Le journal de l’événement indique ce qu’il faut vérifier : ce que contient le fichier et qui n’a pas pu être conservé, et les joueurs que la fédération connaît ou pourrait connaître.
import-file = Fichier TRF
import-paste = Ou collez le texte du fichier
import-kept = Conservé du fichier : nom, ville, dates, rondes, couleur initiale, barème, départages, joueurs (avec sexe, titre, fédération, identifiant FIDE et année de naissance), tous les résultats, abandons, exemptions prévues pour la ronde suivante, et si l’événement est terminé. Le fichier peut être en UTF-8 ou en Latin-1.
error-unknown_fields = La requête a un champ que cette adresse ne connaît pas.
error-unknown_fields-named = Cette adresse n’a pas de champ { $fields }.
error-invalid_parameter = Un paramètre de l’adresse n’est pas valide.
error-invalid_parameter-named = `{ $name }` doit être un nombre entier à partir de 1 (per_page : { $max } au plus).
trf-warning-columns-in-bytes = ligne { $line } : ses colonnes sont comptées en octets, pas en caractères, et elle a été lue ainsi
trf-pairing-number-beyond = le numéro d’appariement { $number } dépasse les { $players ->
        [one] { $players } ligne
       *[other] { $players } lignes
    } de joueurs : les numéros vont de 1 au nombre de joueurs.
trf-too-many-rounds = un fichier peut avoir au plus { $max ->
        [one] { $max } ronde
       *[other] { $max } rondes
    }.
trf-forbidden-line = une ligne d’appariements interdits (260) doit donner deux rondes et des numéros de joueurs du fichier, pas `{ $found }`.
trf-too-many-forbidden-pairs = les lignes d’appariements interdits (260) interdisent plus de { $max } appariements.
trf-too-many-players = un événement peut avoir au plus { $max ->
        [one] { $max } joueur
       *[other] { $max } joueurs
    }.
error-too_many_players = Un événement accepte au plus 4000 joueurs.
manage-players-search = Chercher un joueur
manage-players-search-submit = Chercher
manage-players-search-clear = Tous les joueurs
manage-players-shown = { $found ->
        [one] { $found } joueur
       *[other] { $found } joueurs
    } sur { $total }
manage-players-pages = Pages de la liste des joueurs
manage-players-previous = Précédente
manage-players-next = Suivante
manage-players-page = Page { $page } sur { $pages }
standings-results = Résultats comptés : { $count }
standings-updating = Les résultats les plus récents sont en cours de décompte ; le tableau les inclura dans un instant.
nav-registry = Joueurs
registry-title = Joueurs de la fédération
registry-search-label = Nom ou n° de fédération
registry-search-button = Rechercher
registry-search-hint = Sans tenir compte des accents, des majuscules ni de l’orthographe : « kiluangi ucuma » trouve Kiluanji Ukuma.
registry-none = Aucun joueur inscrit ne correspond à « { $q } ».
registry-events = Tournois
registry-games-played = Parties jouées (dans tous les tournois)
registry-games-rated = { $count ->
    [one] { $count } compte pour l’Elo
   *[other] { $count } comptent pour l’Elo
}
registry-games = Parties
registry-no-games = Aucune partie terminée pour l’instant.
registry-head-to-head = Face-à-face
registry-against-label = Adversaire (nom ou n° de fédération)
registry-all-games = Toutes les parties
registry-tally = Contre { $name } : gagnées { $wins }, nulles { $draws }, perdues { $losses }.
manage-add-player-registry-hint = Quelqu’un de déjà inscrit : indiquez son n° de fédération (cherchez dans Joueurs ; avec JavaScript, taper le nom le propose) et le registre complète ce que vous laissez vide. Sans lui, une nouvelle personne est inscrite.
flash-player-added-registered = Le joueur est ajouté comme une nouvelle personne, mais quelqu’un d’inscrit porte un nom qui pourrait être le sien : si c’est la même personne, supprimez cette inscription et inscrivez-la par son n° de fédération (voir Joueurs).
flash-player-added-other-name = Le joueur est ajouté, mais le n° de fédération indiqué appartient à un joueur inscrit sous un autre nom : vérifiez le numéro (voir Joueurs).
error-event_in_rating_list = Le tournoi est déjà dans la liste Elo.
error-event_not_finished = Le tournoi n’est pas encore terminé : seul un tournoi terminé entre dans la liste Elo.
error-event_not_rated = Le tournoi ne compte pas pour l’Elo : son organisateur doit d’abord l’indiquer.
audit-event_rated = tournoi versé dans la liste Elo
event-rated = Compte pour l’Elo : les parties entrent dans la liste nationale
nav-ratings = Elo
ratings-title = Liste nationale Elo
ratings-as-of = Au { $date }.
ratings-explained = Glicko-2, à partir des parties vérifiées des tournois comptant pour l’Elo, une période par mois ; les forfaits ne comptent pas.
ratings-date = À la date
ratings-everyone = Tous
ratings-born-from = Né en ou après
ratings-born-to = Né en ou avant
ratings-show = Afficher
ratings-none = Personne ne figure dans la liste avec ces filtres.
ratings-deviation = Écart
ratings-volatility = Volatilité
ratings-games = Parties comptées
ratings-trend = Dernière variation
ratings-provisional = provisoire
ratings-provisional-hint = Moins de 10 parties comptées : l’Elo est encore incertain.
registry-rating-history = Évolution de l’Elo
registry-period = Période
event-rating-title = Rapport Elo
event-rating-in-list = Dans la liste Elo, période { $period } : { $games ->
        [one] { $games } partie comptée
       *[other] { $games } parties comptées
    }.
event-rating-before = Avant
event-rating-after = Après
event-rating-change = Variation
event-rating-waiting = Le tournoi compte pour la liste Elo ; un administrateur de la fédération l’y verse une fois terminé.
event-rating-not-rated = Le tournoi ne compte pas pour la liste Elo.
event-rating-put = Verser le tournoi dans la liste Elo
flash-event-rated = Le tournoi est dans la liste Elo.
error-merge_same_event = Les deux sont inscrits au même tournoi, ce sont donc deux personnes :
error-merge_same_person = C’est la même personne.
error-registry_player_unknown = Aucun joueur inscrit n’a ce n° de fédération.
audit-registry_merged = joueurs inscrits fusionnés
registry-merged-ids = Aussi connu sous
registry-merge-title = Fusionner
registry-proposals-title = Ce que les inscriptions disent autrement
registry-proposals-hint = Une inscription (d’un organisateur, ou de l’archive d’un lieu de jeu) a donné à cette personne d’autres données que celles du registre. Le registre garde les siennes jusqu’à ce que vous preniez celles d’une inscription : les données vides de l’inscription laissent celles du registre telles quelles.
registry-proposal-take = Prendre ces données
registry-proposal-leave = Les laisser
registry-merge-hint = Deux inscriptions du registre qui sont une seule personne : fusionner déplace tous les tournois, parties et l’Elo de l’une vers l’autre, et l’ancien n° de fédération mène ici. Noté dans le journal de chaque tournoi concerné.
registry-merge-here = Fusionner dans ce joueur
registry-merge-into = Fusionner ce joueur dans le n° de fédération
registry-merge-button = Fusionner
flash-registry-merged = Les deux inscriptions sont désormais un seul joueur.
circuit-rule = Les { $qualifiers } premiers de chaque qualification vont en finale.
circuit-points = Points par place :
circuit-events = Qualifications
circuit-not-counted = pas terminé : pas encore compté
circuit-final = Finale
circuit-standings = Classement du circuit
circuit-no-results = Aucune qualification n’est encore terminée.
circuit-played = Qualifications jouées
circuit-best = Meilleure place
circuit-fill-final = Inscrire les qualifiés à la finale ({ $event })
circuit-fill-final-hint = Seuls les organisateurs de la finale peuvent le faire ; un joueur déjà inscrit ne l’est pas deux fois.
flash-circuit-final-filled = Les qualifiés ont été inscrits à la finale.
circuit-qualified = Qualifiés pour la finale
error-circuit_events_invalid = Indiquez les qualifications du circuit (1 à 100 tournois existants) et une finale qui n’en fait pas partie.
error-circuit_points_invalid = Le barème compte de 1 à 200 nombres de 0 à 10 000, pour la 1re, 2e, … place.
error-circuit_without_final = Le circuit n’a pas de finale à remplir.
circuit-new = Nouveau circuit
circuit-new-hint = Un circuit regroupe les qualifications d’une saison : chaque qualification terminée donne à ses places les points du barème, et les premiers de chacune vont en finale.
circuit-points-field = Points de la 1re, 2e, … place
circuit-qualifiers-field = Joueurs de chaque qualification qui vont en finale
circuit-order-hint = Cochez les qualifications et, si vous le souhaitez, l’ordre de chacune (1 d’abord). L’ordre décide qui garde la place quand un joueur se qualifie dans deux d’entre elles : la première le garde et la suivante passe sa place au rang suivant. Les qualifications sans numéro viennent après les numérotées ; à numéro égal, et sans numéro, elles comptent par leur date de début.
circuit-order-invalid = L’ordre d’une qualification est un nombre entier de 1 à 1000.
circuit-order-field = Ordre
circuit-no-final = Pas de finale
circuit-create = Créer le circuit
flash-circuit-created = Le circuit a été créé.
manage-import-registry = Les joueurs sont importés. Lignes inscrites comme le joueur inscrit que désigne leur n° de fédération : { $matched }. Vérifiez ces lignes dans le registre et corrigez le n° de fédération d’une inscription dans son formulaire :
manage-import-registry-possible_same_person = inscrit comme nouvelle personne, mais pourrait être
manage-import-registry-other_name = son n° de fédération appartient à
trf-warning-registry-matched = { $count ->
        [one] { $count } joueur est
       *[other] { $count } joueurs sont
    } inscrits comme la personne enregistrée que désigne leur n° à la fédération (ligne XKF)
trf-warning-registry-other-name = joueur { $player } : le n° à la fédération { $federation_id } appartient à { $name } ; l’inscription garde les données du fichier (corrigez le n° dans son formulaire)
trf-warning-registry-possible-same-person = joueur { $player } : inscrit comme nouvelle personne, mais peut être { $name } ({ $federation_id })
error-event_not_in_rating_list = Le tournoi n’est pas dans la liste Elo.
error-event_rated_in_list = Le tournoi est dans la liste Elo : un administrateur de la fédération l’en retire avant qu’il cesse de compter.
audit-event_unrated = tournoi retiré de la liste Elo
event-rating-take-out = Retirer le tournoi de la liste Elo
event-rating-take-out-hint = Son mois et les suivants sont recalculés sans lui.
flash-event-unrated = Le tournoi est sorti de la liste Elo ; la liste a été recalculée sans lui.
event-rating-would-count = En l’état du tournoi, { $games ->
        [one] { $games } partie compte
       *[other] { $games } parties comptent
    } pour la liste Elo.
event-rating-left-out-title = { $games ->
        [one] { $games } partie non comptée
       *[other] { $games } parties non comptées
    }
event-rating-left-out-why = Pourquoi
rating-left-out-forfeit = Décidée par forfait : les forfaits ne comptent pas.
rating-left-out-no_record = Un résultat sans feuille vérifiée (importé d’un fichier TRF, par exemple) : seules comptent les parties vérifiées ici ou décidées par un arbitre.
rating-left-out-not_registered = L’un des joueurs n’est pas dans le registre.
rating-left-out-not_final = La partie n’a pas de résultat définitif.
rating-left-out-venue_decision = Une décision de l’arbitre sur le lieu de jeu sans feuille : elle ne compte que si cette installation le dit (ci-dessous).
event-rating-held-title = Modifications en attente de la fédération
event-rating-held-hint = Depuis l’entrée du tournoi dans la liste, ces parties ont changé (un résultat corrigé, une inscription qui désigne désormais une autre personne). Le classement du tournoi en tient déjà compte ; la liste Elo continue de compter les parties telles qu’elles sont entrées jusqu’à ce qu’un administrateur de la fédération accepte les modifications.
event-rating-held-listed = Dans la liste
event-rating-held-now = Maintenant
event-rating-held-none = ne compte pas
event-rating-accept = Accepter les modifications et recalculer la liste
flash-rating-changes-accepted = Les modifications sont acceptées et la liste recalculée.
audit-rating_change_held = modification retenue pour la liste Elo
audit-rating_changes_accepted = modifications acceptées dans la liste Elo
error-rating_nothing_held = Aucune modification de ce tournoi n’est en attente.
explain-no_game = aucune partie trouvée : le texte est vide, ou ne contient que des lignes vides et des commentaires.
export-kgn-no-game = Aucune partie de ce tournoi n’est encore terminée.
event-standings-sheet = Classement (tableur)
csv-for-programs = CSV pour les programmes
word-yes = oui
word-no = non
prizes-sheet = Tableur
ratings-sheet = Télécharger pour un tableur
scoresheets-continued = suite
scoresheets-more = Feuilles de suite à partir du n° { $from }, pour une partie plus longue
error-club_empty = Veuillez indiquer votre club.
register-as = Vous vous inscrivez comme { $name } ; l’organisateur confirme votre inscription.
register-optional = facultatif
register-hint = Le club est demandé ; le reste aide l’organisateur à vous classer et à vous placer dans les catégories de prix.
error-person_already_entered = Cette personne (d’après son n° à la fédération) est déjà inscrite dans ce tournoi.
review-title = Analyse du moteur
review-graph = Évaluation pour le Sud après chaque coup, en pierres (au-dessus de la ligne, le Sud mène ; une victoire prouvée est tracée au bord)
review-hint = Ici, le moteur jouerait { $move }.
review-costly = Les coups qui ont le plus coûté
review-costly-move = Coup { $ply } : { $move } (moteur : { $best }), { $stones ->
        [one] { $stones } pierre perdue
       *[other] { $stones } pierres perdues
    }
review-pending = Le moteur analyse cette partie en arrière-plan ; son graphique apparaîtra ici une fois l’analyse terminée.
event-adjudication = Arbitrage par le moteur
event-adjudication-margin = Marge (pierres)
event-adjudication-margin-hint = Un camp avec cette avance en pierres est proposé vainqueur ; 0 : seulement une victoire que le moteur prouve.
event-adjudication-otherwise = Sinon
adjudication-otherwise-arbiter = l’arbitre décide
adjudication-otherwise-draw = une nulle est proposée
adjudication-title = Arbitrage
adjudication-help = Indiquez les coups joués quand la partie s’est arrêtée ; le moteur analyse la position et propose un résultat selon la règle du tournoi ({ $rule }). Vous le confirmez ou décidez un autre résultat.
adjudication-rule = { $wins } ; sinon, { $otherwise }
adjudication-rule-proven = une victoire que le moteur prouve
adjudication-rule-margin = une victoire que le moteur prouve, ou un camp avec { $margin ->
        [one] { $margin } pierre
       *[other] { $margin } pierres
    } d’avance
adjudication-forced-win = { $side } gagne par force : l’adversaire ne peut plus jouer après { $plies ->
        [one] { $plies } coup
       *[other] { $plies } coups
    }.
adjudication-level = Aucun camp n’est en avance.
adjudication-ahead = { $side } a { $stones ->
        [one] { $stones } pierre
       *[other] { $stones } pierres
    } d’avance.
adjudication-figures = Après { $plies ->
        [one] { $plies } coup
       *[other] { $plies } coups
    } : analyse à la profondeur { $depth }, { $nodes } positions en { $millis } ms ; le moteur jouerait { $best }.
adjudication-undecided = Aucun camp ne gagne par force ni n’a { $margin ->
        [one] { $margin } pierre
       *[other] { $margin } pierres
    } d’avance : décidez le résultat.
adjudication-proposed = Résultat proposé
adjudication-confirm = Confirmer le résultat proposé
adjudication-override = Décider un autre résultat
adjudication-old = Cette proposition portait sur la partie telle qu’elle était avant ; redemandez au moteur.
adjudication-moves = Coups joués (KGN)
adjudication-ask = Demander au moteur
flash-adjudication-proposed = Le moteur a proposé un résultat : confirmez-le ou décidez-en un autre.
error-game_over_on_board = Cette partie est terminée sur le plateau : envoyez sa notation au lieu de demander un arbitrage.
error-adjudication_margin_invalid = La marge d’arbitrage doit être un nombre entier de pierres de 0 à 99.
error-adjudication_fallback_unknown = Ce qui se passe sous la marge doit être « arbiter » ou « draw ».
error-adjudication_stale = La partie a changé depuis la proposition du moteur : redemandez au moteur.
error-adjudication_undecided = Le moteur ne propose pas de résultat ici : choisissez-en un.
adjudication-score-win = gain en { $count ->
        [one] { $count } coup
       *[other] { $count } coups
    }
adjudication-score-loss = perte en { $count ->
        [one] { $count } coup
       *[other] { $count } coups
    }
adjudication-score-stones = écart de pierres { $count }
audit-adjudication_proposed = proposition d’arbitrage du moteur
audit-detail-adjudication_proposed = après { $plies ->
        [one] { $plies } coup
       *[other] { $plies } coups
    }, { $to_move } au trait : { $score } (profondeur { $depth }, { $nodes } positions, { $millis } ms, coup du moteur { $best } ; marge { $margin }) → proposé { $proposed }
audit-detail-adjudicated = { $result } par arbitrage (proposition du moteur : { $proposed }){ $reason }
practice-title = S’entraîner contre le moteur
practice-intro = Jouez une partie contre le moteur, à la force de votre choix. Aucun compte n’est nécessaire ; rien n’est conservé. Téléchargez la notation à tout moment pour la garder ou l’étudier.
practice-level = Niveau { $level }
practice-strength = Force
practice-side = Votre camp
practice-side-south = Sud (vous jouez en premier)
practice-side-north = Nord (le moteur joue en premier)
practice-start = Commencer la partie
practice-new = Une nouvelle partie
practice-event = Entraînement
practice-engine-last = le dernier coup du moteur
practice-you = Vous
practice-engine-name = Moteur Kiela (niveau { $level })
practice-engine-played = Le moteur a joué { $move }.
practice-engine-move = Laisser jouer le moteur
practice-your-move = À vous : choisissez un de vos trous sur le plateau.
practice-download = Télécharger la notation (KGN)
error-practice_level_invalid = La force doit être un niveau de 1 à 5.
error-practice_move_illegal = Ce coup ne peut pas être joué dans cette position.
error-practice_not_your_turn = Ce n’est pas votre tour.
error-practice_too_long = Une partie d’entraînement compte au plus 2 000 coups.
nav-practice = S’entraîner
review-costly-win-lost = Coup { $ply } : { $move } (moteur : { $best }) a laissé passer une victoire forcée
review-costly-loss-allowed = Coup { $ply } : { $move } (moteur : { $best }) a permis une défaite forcée
audit-nothing-proposed = rien (l’arbitre décide)

# Event archives
archive-import-title = Importer un tournoi d’un lieu de jeu
archive-import-intro = Un tournoi conduit sur une autre installation (l’ordinateur d’un lieu de jeu) arrive ici sous forme de son archive (FICHIER.kiela) : chaque feuille est vérifiée à nouveau et chaque inscription est identifiée dans ce registre. Vous voyez les correspondances avant que quoi que ce soit ne soit enregistré.
archive-file = L’archive du tournoi (.kiela)
archive-file-again = La même archive à nouveau (les navigateurs ne gardent pas le fichier choisi)
archive-review-submit = Examiner
archive-import-submit = Importer
archive-import-kept = Rien n’est enregistré avant l’import. Le tournoi est ensuite en lecture seule ici, tel que le lieu de jeu l’a conduit ; une archive ultérieure du même tournoi le met à jour sur place.
archive-review-title = Examen
archive-review-event = Tournoi
archive-review-installation = Conduit à
archive-review-contents = Contenu
archive-review-counts = { $players ->
        [one] { $players } joueur
       *[other] { $players } joueurs
    }, { $rounds ->
        [one] { $rounds } ronde
       *[other] { $rounds } rondes
    }, { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    } ({ $records ->
        [one] { $records } feuille vérifiée
       *[other] { $records } feuilles vérifiées
    } à nouveau), { $submissions ->
        [one] { $submissions } feuille envoyée
       *[other] { $submissions } feuilles envoyées
    }
archive-review-action = Import
archive-action-created = un nouveau tournoi
archive-action-updated = met à jour le tournoi importé auparavant
archive-action-unchanged = la même archive que la dernière fois : rien ne change
archive-action-held = modifie ce qui a été importé avant : retenue jusqu’à ce que vous confirmiez les modifications ci-dessous
archive-review-signed = Signée de la clé du lieu de jeu
archive-changes-title = { $count ->
    [one] Cette archive modifie { $count } chose importée avant :
   *[other] Cette archive modifie { $count } choses importées avant :
}
archive-changes-hint = Les nouvelles rondes et les nouveaux résultats sont le tournoi qui avance ; ceci non. Demandez pourquoi au lieu de jeu avant de les confirmer.
archive-changes-confirm = Je confirme ces modifications
archive-decisions-title = { $count ->
    [one] { $count } résultat repose sur une décision de l’arbitre sans feuille :
   *[other] { $count } résultats reposent sur une décision de l’arbitre sans feuille :
}
archive-decisions-hint = Aucune feuille n’a été vérifiée de nouveau pour eux : la liste Elo ne les compte que si cette installation le dit, sur la page Elo du tournoi.
archive-change-place = Ronde { $round }, table { $board }, partie { $game }
archive-change-entry-changed = L’inscription { $entry } était { $before } et est désormais { $after }.
archive-change-entry-gone = L’inscription { $entry }, { $before }, n’est plus dans le tournoi.
archive-change-game-players = { $place } : la partie était { $before } et est désormais { $after }.
archive-change-result = { $place } : le résultat était { $before } et est désormais { $after }.
archive-change-result-decision = { $place } : le résultat était { $before }, sur feuille, et est désormais { $after }, une décision de l’arbitre sans feuille.
archive-change-game-gone = { $place } : la partie n’est plus dans le tournoi.
archive-change-round-gone = La ronde { $round } n’est plus dans le tournoi.
archive-change-no-result = aucun résultat
archive-review-id = Identifiant dans l’archive
archive-review-match = Personne dans ce registre
archive-match-new = Une nouvelle personne
archive-match-same_person = le même identifiant national et le même nom ici
archive-match-other_name = cet identifiant national est inscrit ici sous un autre nom
archive-match-local_id = un identifiant local d’un lieu de jeu
archive-match-unknown_id = un identifiant que ce registre ne connaît pas
archive-match-no_id = aucun identifiant
archive-warning-paired-differently = La ronde { $round } a été appariée autrement que ne l’apparie le système hollandais (l’organisation peut apparier à la main).
archive-warning-corrected-since = Un résultat de la ronde { $rounds } a été corrigé : si c’est après l’appariement de cette ronde, voilà pourquoi (cette vérification apparie les résultats tels qu’ils sont maintenant).
pairing-difference-pairs = le fichier apparie { $file } ; le système néerlandais apparie { $dutch }
pairing-difference-first-move = { $first } joue en premier contre { $second } dans le fichier, en second par le système néerlandais
pairing-difference-bye = l’exemption va à { $file } dans le fichier, à { $dutch } par le système néerlandais
pairing-difference-none = le système néerlandais ne trouve aucun appariement : { $why }
pairing-nobody = personne
list-and = et
archive-fault-game = Ronde { $round }, table { $board } :
archive-fault-round = Ronde { $round } :
flash-archive-imported = Le tournoi a été importé.
event-imported-from = Conduit à { $installation } ; en voici le compte rendu, en lecture seule ici.
audit-archive_imported = importé de l’archive d’un lieu de jeu
audit-archive_held = archive d’un lieu de jeu en attente de confirmation
audit-archive_refused = archive retenue d’un lieu de jeu refusée
audit-event_handed_over = confié à un autre organisateur
audit-decisions_rated = les décisions du lieu de jeu et la liste Elo
audit-result_held = résultat retenu jusqu’à ce que le public voie le dernier coup
error-event_imported = Ce tournoi a été importé de l’installation qui l’a conduit : il est en lecture seule ici.
error-archive_malformed = Le fichier n’est pas une archive de tournoi que cette installation sait lire.
error-archive_too_large = L’archive est trop volumineuse.
error-archive_unsigned = L’archive n’est pas signée par l’installation qui a mené le tournoi : exportez-la de nouveau depuis une installation à jour.
error-archive_signature_invalid = L’archive n’est pas ce que son installation a signé : elle a été modifiée après avoir été écrite.
error-venue_not_approved = La clé de signature du lieu de jeu n’est pas encore approuvée ici : l’administrateur de cette installation l’approuve après avoir comparé son empreinte à celle du lieu.
error-venue_key_mismatch = L’archive est signée d’une autre clé que celle du lieu de jeu : seul le lieu qui a mené le tournoi l’écrit ici.
error-event_withdrawn = Un administrateur a retiré ce tournoi de cette installation : demandez-lui avant de l’envoyer de nouveau.
error-event_held_by_other = Un autre organisateur détient ce tournoi ici : demandez à un administrateur de vous le confier.
error-registry_file_at_federation = Le serveur de la fédération tient lui-même le registre national : un fichier du registre se charge sur un lieu de jeu.
error-fingerprint_wrong = Ce n’est pas l’empreinte de la clé enregistrée pour ce lieu de jeu.
error-nothing_held = Aucune archive de ce tournoi n’attend de confirmation.
error-event_not_imported = Ce tournoi a été mené ici, pas importé d’un lieu de jeu.
error-not_an_organiser = Ce compte ne peut pas détenir de tournois : donnez-lui d’abord le rôle d’organisateur.
error-no_phone_address = Cette page a été ouverte comme le portable lui-même : un téléphone ne peut pas ouvrir ses adresses.
error-archive_version = L’archive a été écrite par une version ultérieure du programme : mettez d’abord cette installation à jour.
archive-detail-too_large = plus de { $mb } Mo
archive-detail-as_read = { $at }
archive-detail-not_the_format = le document n’est pas un { $format }
archive-detail-version_unsigned = version 1, écrite avant que les archives ne soient signées : exportez-la de nouveau depuis une installation à jour
archive-detail-version_later = version { $version } ; cette installation lit la version { $reads }
archive-detail-no_version = aucune version que cette installation lise
archive-detail-no_signature = l’archive ne porte pas de signature
archive-detail-not_a_key = signature.key n’est pas une clé
archive-detail-not_signed_by = le contenu n’est pas ce que la clé { $fingerprint } a signé
archive-detail-settings = réglages : { $error }
archive-detail-not_an_installation_code = installation.id n’est pas le code d’une installation
archive-detail-entry_unnamed = inscription { $number } : sans nom, ou sans numéro d’appariement
archive-detail-entry_out_of_range = inscription { $number } : une ronde, une tête de série, un Elo ou une année hors limites
archive-detail-number_twice = numéro d’appariement { $number } deux fois
archive-detail-entry_federation_id = inscription { $number } : identifiant de la fédération
archive-detail-federation_id_twice = identifiant de la fédération { $id } sur deux inscriptions
archive-detail-entry_tags = inscription { $number } : étiquettes
archive-detail-unknown_number = numéro d’appariement { $number }
archive-detail-bye_round = une exemption à la ronde { $round }
archive-detail-two_byes = deux exemptions du numéro d’appariement { $number } à la ronde { $round }
archive-detail-round_not_due = ronde numéro { $number } là où la { $due } est attendue
archive-detail-swiss_rounds = rondes suisses appariées : { $paired }, prévues : { $planned }
archive-detail-round_number = ronde numéro { $number }
archive-detail-match_outside_knockout = un match de plusieurs parties hors d’une élimination directe
archive-detail-plays_round_not_in = le numéro d’appariement { $number } joue une ronde où il n’était pas
archive-detail-two_games_one_board = deux parties à la même table
archive-detail-board_out_of_range = une table, une partie du match ou une longueur hors limites
archive-detail-twice_in_round = numéro d’appariement { $number } deux fois dans la ronde
archive-detail-against_themself = un joueur contre lui-même
archive-detail-decision_not_logged = une décision d’arbitre que le journal ne contient pas
archive-detail-correction_not_logged = une correction sans son motif ou sans sa ligne dans le journal
archive-detail-record_without_players = une feuille pour une partie sans deux joueurs
archive-detail-result_unfounded = un résultat sans sa feuille ni une décision d’arbitre
archive-detail-sent_by_outsider = feuille { $record } envoyée par quelqu’un qui ne joue pas la partie
archive-detail-sent_without_players = une feuille envoyée pour une partie sans deux joueurs
archive-detail-sent_refused_yet_verifies = feuille { $record } envoyée : refusée là-bas, et pourtant valide
archive-detail-sent_does_not_verify = feuille { $record } envoyée : elle n’est pas valide
archive-detail-sent_verdict = feuille { $record } envoyée : son verdict
archive-detail-sent_result = feuille { $record } envoyée : son résultat
archive-detail-log_state = journal : { $state } n’est pas un état de { $action }
archive-detail-record_not_stood_behind = la feuille de la partie n’est aucune de celles confirmées
archive-detail-sent_digest = feuille { $record } envoyée : son empreinte
archive-detail-sent_size = feuille { $record } envoyée : sa taille
archive-detail-set_aside_does_not_verify = feuille { $record } envoyée, mise de côté : elle n’est pas valide
archive-detail-illegal = { $reason }
archive-detail-illegal_at = { $reason } (coup { $ply })
archive-detail-stated_plies = le nombre de coups indiqué n’est pas celui de la feuille
archive-detail-stated_position = la position finale indiquée n’est pas celle de la feuille
archive-detail-stated_status = l’état indiqué n’est pas celui de la feuille
archive-detail-stated_result = le résultat indiqué n’est pas celui de la feuille
archive-detail-stated_result_before = le résultat avant la correction indiqué n’est pas celui de la feuille
archive-detail-stated_ending = la fin indiquée n’est pas celle de la feuille
archive-detail-line_break = { $field } : un saut de ligne
archive-detail-too_long = { $field } : trop long, ou un caractère de contrôle
archive-detail-prize_fund = dotation : { $problem }
error-archive_player_unknown = L’archive nomme un joueur qui n’est pas inscrit.
error-archive_player_twice = L’archive compte un joueur deux fois là où une seule est permise.
error-archive_record_illegal = Une feuille de l’archive ne passe pas la vérification.
error-archive_result_disagrees = Un résultat de l’archive ne concorde pas avec sa feuille.
error-archive_round_invalid = Les rondes ou les tables de l’archive ne tiennent pas ensemble.
error-archive_own_event = Cette archive a été écrite par cette installation : son tournoi est déjà ici.
error-registry_file_invalid = Le fichier n’est pas un fichier de registre que cette installation sait lire.
error-federation_not_configured = Cette installation n’est pas reliée à une fédération (federation_url et federation_token dans sa configuration).
error-federation_refused = La fédération a refusé le tournoi :
error-federation_unreachable = La fédération n’a pas pu être jointe ; le tournoi est renvoyé dès que possible :
manage-archive = Archive (.kiela)
push-title = Publié à la fédération
push-federation = Fédération
push-last = Reçu pour la dernière fois
push-state = Maintenant
push-pending = des changements attendent d’être envoyés
push-retrying = la fédération n’a pas pu être jointe ({ $failures ->
        [one] { $failures } tentative
       *[other] { $failures } tentatives
    }) ; renvoyé dès que possible
push-up-to-date = la fédération a le tournoi tel qu’il est
push-refused = la fédération a refusé le tournoi tel qu’il est : il n’est pas renvoyé avant que le tournoi change ou que vous le renvoyiez
push-held = la fédération retient les dernières modifications jusqu’à ce que son organisateur les confirme (elles modifient ce qu’elle a reçu avant)
push-again = Renvoyer maintenant
push-advice-token = Vérifiez federation_token : ce doit être un jeton d’API d’un organisateur de la fédération, créé sur la page de son compte là-bas.
push-advice-held-by-other = Un autre organisateur détient ce tournoi à la fédération : demandez à son administrateur de le confier à l’organisateur dont cette installation utilise le jeton d’API.
push-advice-not-approved = Lisez l’empreinte de la clé de cette installation (sur sa page d’administration) à l’administrateur de la fédération, qui l’approuve ; puis renvoyez.
push-advice-key-mismatch = La fédération connaît ce lieu de jeu sous une autre clé (un portable réinstallé ?) : demandez à son administrateur d’oublier le lieu, renvoyez le tournoi et faites approuver la nouvelle clé.
push-advice-withdrawn = L’administrateur de la fédération a retiré ce tournoi : demandez-lui avant de le renvoyer.
push-advice-in-rating-list = Le tournoi est dans la liste Elo de la fédération : son administrateur l’en retire avant qu’il puisse y changer.
push-advice-archive = La fédération a refusé le contenu de l’archive (la réponse dit où) : il est renvoyé à la prochaine modification du tournoi.
push-advice-other = Demandez à l’administrateur de la fédération : le tournoi est renvoyé à sa prochaine modification, ou quand vous le renvoyez.
imported-title = Du lieu de jeu
imported-held = Le lieu de jeu a envoyé le { $at } une archive postérieure qui modifie ce qui a été importé avant :
imported-held-accept = Accepter ces modifications
imported-held-refuse = Les refuser
imported-decisions-count = Compter dans la liste Elo les décisions du lieu de jeu sans feuille
imported-decisions-save = Enregistrer
imported-admin = Administration
imported-hand-over-email = Confier le tournoi à l’organisateur dont l’adresse e-mail est
imported-hand-over = Confier
imported-withdraw-hint = Retirer sort le tournoi de la liste Elo (recalculée sans lui) et de cette installation ; les archives postérieures du lieu de jeu sont refusées jusqu’à ce qu’un administrateur en importe une.
imported-withdraw = Retirer le tournoi
imported-withdraw-confirm = Retirer ce tournoi de l’installation ?
flash-held-accepted = Les modifications du lieu de jeu ont été acceptées.
flash-held-refused = Les modifications du lieu de jeu ont été refusées.
flash-handed-over = Le tournoi a été confié à l’organisateur.
flash-event-withdrawn = Le tournoi a été retiré.
push-answer = La dernière réponse de la fédération
push-no-answer = aucune réponse
push-hint = Le tournoi peut être publié à la fédération au fil du jeu : envoyé quelques secondes après chaque changement, et à nouveau tant que la connexion manque, pour que le public le suive sur le site national.
push-start = Publier à la fédération
flash-push-started = Le tournoi est désormais publié à la fédération.
registry-file = Le fichier du registre de la fédération
registry-file-load = Charger
registry-file-hint = Le fichier de /api/v1/registry/export sur le site de la fédération : ses personnes et leurs classements Elo nationaux sont chargés ici, pour qu’inscrire un joueur par son identifiant national remplisse ses données et son Elo sans connexion.
flash-registry-loaded = Le registre de la fédération a été chargé : { $added ->
        [one] { $added } personne ajoutée
       *[other] { $added } personnes ajoutées
    }, { $updated } mises à jour, { $rated ->
        [one] { $rated } Elo national
       *[other] { $rated } Elo nationaux
    }.
flash-venue-approved = La clé du lieu de jeu a été approuvée : ses archives sont reçues désormais.
flash-venue-forgotten = Le lieu de jeu a été oublié : sa prochaine archive enregistre de nouveau sa clé.
archive-warning-not-checked = Les appariements de { $players ->
        [one] { $players } joueur
       *[other] { $players } joueurs
    } sur { $rounds ->
        [one] { $rounds } ronde
       *[other] { $rounds } rondes
    } n’ont pas été refaits ici : lancez kiela check sur le fichier TRF du tournoi pour cela.

# Parties en cours
play-title = Partie en cours
play-intro = Touchez le trou d’où chaque joueur sème, au moment où le coup est joué. Les deux téléphones, ou un seul passé de l’autre côté du plateau, montrent la même partie ; un coup envoyé deux fois compte une fois.
play-own-moves = Touchez vos propres coups sur votre propre téléphone. Si vous touchez aussi ceux de votre adversaire (un seul téléphone passé de l’autre côté du plateau), la feuille attend la confirmation de votre adversaire avant de compter.
play-offline = Pas de connexion : les coups sont gardés sur ce téléphone et envoyés dès que la connexion revient. En attente :
play-waiting = Envoi…
play-sent = Coup { $ply } enregistré.
play-take-back = Reprendre le dernier coup
play-take-back-confirm = Reprendre le dernier coup de cette partie ?
play-to-game = Retour à la partie
game-play-live = Saisir les coups au fil de la partie
flash-move-taken-back = Le dernier coup a été repris.
live-round-title = Ronde { $number } en direct
live-round-intro = Toutes les tables de la ronde au fil du jeu, mises à jour à chaque coup.
live-round-delay = Les spectateurs voient les coups { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    } après qu’ils ont été joués.
live-round-empty = Aucune table à suivre dans cette ronde.
round-live-link = Suivre la ronde en direct
event-live-delay = Différé public des parties en cours (minutes)
event-live-delay-hint = Les spectateurs voient chaque coup ce nombre de minutes après qu’il a été joué ; les joueurs et l’organisation le voient aussitôt. 0 : pas de différé.
error-live_delay_invalid = Le différé est un nombre entier de minutes de 0 à 1440.
error-game_not_in_play = Cette partie n’est pas en cours : sa ronde n’est pas publiée, elle a déjà une feuille, ou elle est terminée sur le plateau.
error-illegal_move = Ce coup ne peut pas être joué.
error-ply_taken = Un autre coup a déjà été joué sous ce numéro ; le plateau montre la partie telle qu’elle est.
error-ply_not_next = Ce n’est pas le coup suivant ; le plateau montre la partie telle qu’elle est.
error-nothing_to_take_back = Aucun coup à reprendre.
game-status-in_play = en cours
audit-move_taken_back = coup repris
audit-detail-move_taken_back = coup { $ply } ({ $text })
audit-mail_chosen = messages envoyés par le tournoi choisis
audit-notice_sent = avis envoyé aux joueurs
audit-message_sent_again = un message renvoyé
error-practice_position_in_play = Cette position est sur un plateau en train d’être joué : le moteur la jouera une fois cette partie terminée.
