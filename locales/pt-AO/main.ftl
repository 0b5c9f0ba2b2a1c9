site-name = Kiela
site-tagline = Torneios de Kiela: emparelhamentos, resultados verificados e classificações
nav-home = Início
nav-events = Torneios
nav-account = A minha conta
nav-admin = Administração
nav-login = Entrar
nav-signup = Criar conta
nav-logout = Sair
nav-language = Língua
nav-skip = Saltar para o conteúdo
footer-text = Gestor de torneios de Kiela
home-title = Torneios de Kiela
home-intro = Acompanhe os emparelhamentos, as classificações e todas as partidas dos torneios de Kiela. Os jogadores submetem o registo de jogadas de cada partida; o motor de regras verifica-o e calcula o resultado.
home-welcome = Bem-vindo(a), { $name }.
home-get-started = Crie uma conta ou entre para participar.
login-title = Entrar
login-email = Endereço de e-mail
login-password = Palavra-passe
login-submit = Entrar
login-no-account = Ainda não tem conta?
login-forgot = Esqueceu-se da palavra-passe?
signup-title = Criar uma conta
signup-name = O seu nome
signup-email = Endereço de e-mail
signup-password = Palavra-passe (pelo menos 8 caracteres)
signup-submit = Criar conta
signup-have-account = Já tem conta?
account-title = A minha conta
account-email = Endereço de e-mail
account-name = Nome
account-role = Função
account-password-title = Alterar a palavra-passe
account-password-current = Palavra-passe actual
account-password-new = Nova palavra-passe (pelo menos 8 caracteres)
account-password-submit = Alterar a palavra-passe
account-tokens-title = Chaves da API
account-tokens-intro = As chaves permitem que scripts e outros programas usem a API JSON em seu nome. Uma chave só é mostrada uma vez, quando é criada.
account-tokens-label = Descrição
account-tokens-created = Criada
account-tokens-last-used = Último uso
account-tokens-never = nunca
account-tokens-revoked = revogada
account-tokens-revoke = Revogar
account-tokens-create = Criar chave
account-tokens-none = Não tem chaves da API.
account-token-new = A sua nova chave (copie-a agora, não voltará a ser mostrada):
admin-users-title = Contas
installation-title = Esta instalação
installation-name = Nome
installation-id = Código
installation-role = Papel
installation-role-venue = Local de jogo: regista as pessoas com identificadores locais (L-código-número) e leva os seus torneios à federação
installation-role-federation = Federação: tem o cadastro nacional e a lista Elo, atribui os identificadores nacionais
installation-federation = Envia os seus torneios para
installation-role-to-state = Esta instalação atribuiu identificadores da forma nacional (K0000001…) antes de as instalações terem papéis. Defina installation_role = "federation" se for o servidor da federação, ou "venue" (docs/archive.md, "Roles").
installation-hint = O nome, o papel e a federação definem-se na configuração:
installation-code-hint = O código foi criado no primeiro arranque e faz parte de cada identificador local atribuído aqui.
installation-fingerprint = Impressão digital da chave de assinatura
installation-fingerprint-hint = Cada arquivo que esta instalação escreve é assinado com a sua chave. A instalação que recebe os seus arquivos (a da federação) aprova a chave uma vez, depois de comparar esta impressão digital com a que lhe é mostrada: leia-a ao seu administrador.
venues-title = Locais de jogo cujos arquivos são recebidos aqui
venues-hint = O primeiro arquivo de um local de jogo regista a sua chave de assinatura; os seus arquivos são recusados até aprovar a chave. Peça ao administrador do local a impressão digital da sua página de administração e escreva-a para aprovar: um arquivo com o código do local assinado por outra chave é recusado. Esqueça um local reinstalado com uma chave nova; o seu próximo arquivo regista a nova.
venues-none = Nenhum local de jogo enviou ainda um arquivo.
venues-fingerprint = Impressão digital da chave
venues-first-seen = Primeiro arquivo
venues-type-fingerprint = Impressão digital como o local a lê
venues-approve = Aprovar a chave
venues-forget = Esquecer
venues-forget-confirm = Esquecer este local de jogo? O seu próximo arquivo regista de novo a chave, à espera de aprovação.
venue-state-pending = à espera de aprovação
venue-state-approved = aprovado
admin-users-list = Contas desta instalação
admin-users-email = E-mail
admin-users-name = Nome
admin-users-role = Função
admin-users-save = Guardar
role-admin = Administrador
role-organiser = Organizador
role-arbiter = Árbitro
role-player = Jogador
flash-signed-up = A sua conta está pronta. Bem-vindo(a)!
flash-logged-in = Entrou na sua conta.
flash-logged-out = Saiu da sua conta.
flash-password-changed = A palavra-passe foi alterada. As suas outras sessões foram terminadas.
flash-email-change-sent = Uma ligação vai a caminho do endereço novo: abra-a para fazer a alteração. Até lá o seu endereço fica como está.
flash-email-changed = O endereço da conta foi alterado: a partir de agora entre com o novo.
flash-token-revoked = A chave foi revogada.
flash-role-changed = A função foi alterada.
error-title-400 = Pedido inválido
error-title-403 = Não permitido
error-title-404 = Página não encontrada
error-title-405 = Método não permitido
error-title-413 = Demasiado grande
error-title-429 = Demasiadas tentativas
error-title-500 = Ocorreu um erro
error-title-503 = Serviço indisponível
error-back-home = Voltar ao início
error-bad_request = Não foi possível compreender o pedido.
error-forbidden = Não tem permissão para fazer isto.
error-csrf = O formulário expirou ou não veio deste site. Volte atrás, recarregue a página e tente de novo.
error-not_found = Não existe nada neste endereço.
error-method_not_allowed = Este endereço não aceita este tipo de pedido.
error-method_not_allowed-allow = Este endereço responde a { $allow }.
error-payload_too_large = O que enviou é maior do que este site aceita.
error-payload_too_large-limit = O que enviou é maior do que os { $megabytes } MB que este endereço aceita.
error-rate_limited = Demasiadas tentativas em pouco tempo. Aguarde alguns minutos e tente de novo.
error-internal = Ocorreu um erro inesperado. Foi registado; tente de novo.
error-unavailable = A base de dados não está a responder. Tente de novo dentro de momentos.
error-bad_credentials = Endereço de e-mail ou palavra-passe errados.
error-email_invalid = Este endereço de e-mail não é válido.
error-email_taken = Já existe uma conta com este endereço de e-mail.
error-name_empty = Indique um nome.
error-name_too_long = O nome é demasiado longo (no máximo 100 caracteres).
error-name_invalid = O nome contém caracteres não permitidos.
error-password_too_short = A palavra-passe deve ter pelo menos 8 caracteres.
error-password_too_long = A palavra-passe é demasiado longa (no máximo 256 caracteres).
error-password_wrong = A palavra-passe actual não está correcta.
error-role_unknown = Função desconhecida.
error-label_invalid = A descrição não é válida.
audit-account = conta
audit-round-board = ronda { $round }, mesa { $board }
audit-game = partida
audit-player = jogador
board-cancel = Voltar à partida
board-claim = Como terminou a partida
board-illegal = Esta jogada não é possível:
board-label = Tabuleiro de Kiela
board-north = Norte
board-south = Sul
board-over = A partida terminou:
board-play = jogar esta casa
board-rearrange = Redistribuição (perito)
board-rearrange-play = Jogar a redistribuição
board-to-move = a jogar
board-undo = Desfazer a última jogada
bye-half = meio ponto
bye-zero = zero pontos
claim-draw = Empate por acordo
claim-resign-north = O Norte desistiu
claim-resign-south = O Sul desistiu
claim-time-north = O Norte perdeu por tempo
claim-time-south = O Sul perdeu por tempo
col-action = Acção
col-actions = Acções
col-board = Mesa
col-club = Clube
col-detail = Pormenor
table-all-columns = Mostrar todas as colunas
col-event = Torneio
col-email = E-mail
col-first = Joga primeiro
col-link = Ligação pessoal
col-name = Nome
col-number = N.º
col-points = Pts
col-province = Província
col-rank = Lugar
col-rating = Elo
col-result = Resultado
col-role = Função
col-second = Joga em segundo
col-status = Estado
col-when = Quando
col-who = Quem
decision-double-forfeit = Nenhum compareceu
decision-wins = { $winner } ganha
decision-forfeit-win = { $winner } ganha, { $absent } não compareceu
decision-draw = empate
event-accelerated = Emparelhamento acelerado (método de Baku)
event-check-in = Os jogadores confirmam presença antes de cada ronda
event-dates = Datas
event-ends-on = Último dia
event-format = Formato
event-games-per-match = Partidas por encontro
event-games-per-match-hint = (eliminatórias)
event-grand-final-reset = Final repetida (dupla eliminação)
event-initial-colour = Primeiro cabeça de série na ronda 1
event-initial-first = joga primeiro
event-initial-second = joga em segundo
event-knockout-size = Jogadores nas eliminatórias
event-knockout-size-hint = (suíço e eliminatórias)
event-location = Local
event-name = Nome
event-no-rounds = Ainda nenhuma ronda foi emparelhada.
event-options = Opções
event-players = Jogadores
event-points = Pontos
event-points-bye = Isenção
event-points-draw = Empate
event-points-loss = Derrota
event-points-win = Vitória
event-public-page = Página pública
event-register = Inscrever-me neste torneio
event-register-login = Entre para se inscrever neste torneio
event-registered = Está inscrito(a).
event-rounds = Rondas
event-rounds-hint = (suíço)
event-self-registration = Os jogadores podem inscrever-se (o organizador aprova)
event-starts-on = Primeiro dia
event-state = Estado
event-third-place = Encontro para o terceiro lugar
event-tiebreaks = Desempates
event-tiebreaks-hint = por ordem, entre:
event-variant = Variante
events-create = Criar torneio
events-import = Importar um ficheiro TRF
events-new = Novo torneio
events-none = Ainda não há torneios.
events-search = Procurar
events-search-hint = nome ou local
events-season = Época
events-circuit = Circuito
events-any = todos
events-find = Procurar
events-none-found = Nenhum torneio corresponde à procura.
events-found = { $count ->
        [1] { $count } torneio
       *[other] { $count } torneios
    }
events-round-of = Ronda { $round } de { $rounds }
events-pages = Páginas da lista de torneios
events-title = Torneios
game-approve = Aprovar este resultado
game-board = Mesa { $board }
game-captured = { $stones ->
        [1] { $stones } pedra capturada
       *[other] { $stones } pedras capturadas
    }
game-confirm = Confirmar este resultado
game-decide = Decidir o resultado
game-decision-reason = Motivo
game-dispute = Contestar
game-dispute-reason = Porquê?
game-enter-on-board = Introduzir a partida no tabuleiro
game-first-mover = joga primeiro
game-move = jogada
game-paste-record = Cole o registo da partida (KGN)
game-pending = Um resultado aguarda confirmação:
game-plies = Jogadas
game-ply = Jogada { $ply }
game-record = Registo da partida
game-replay = Reprodução
game-status = Estado
game-final-at = O resultado está acordado. Torna-se definitivo a { $at }, quando o público vir a última jogada (o atraso do torneio): até lá o público segue a partida como em jogo, e ainda é possível contestá-la.
game-submissions = Submissões
game-submit = Submeter o registo
import-intro = Cole um ficheiro de relatório de torneio FIDE (TRF). É criado um novo torneio com os jogadores, rondas e resultados, que pode continuar aqui.
import-submit = Importar
manage-add-player = Adicionar jogador
manage-add-staff = Adicionar
manage-import = Importar
manage-import-csv = Importar jogadores (CSV)
manage-import-csv-hint = Um jogador por linha: nome, Elo, clube, província. Ou comece com uma linha de cabeçalho que indique as colunas, por qualquer ordem: nome, elo, clube, provincia, email, sexo (F/M), ano_nascimento, n_federacao, etiquetas. Nada é importado se uma linha estiver errada.
manage-import-line = Linha { $line }
manage-import-rejected = Nada foi importado. Estas linhas foram rejeitadas:
manage-pair-round = Emparelhar a ronda { $number }
manage-remove = Retirar
manage-save = Guardar
manage-settings = Definições
manage-staff = Organizadores e árbitros
nav-audit = Histórico de alterações
nav-bracket = Quadro
nav-crosstable = Tabela cruzada
nav-manage = Gerir
nav-players = Jogadores
nav-queue = Fila do árbitro
nav-standings = Classificação
personal-intro = As suas partidas. Abra uma para submeter ou confirmar o registo.
personal-no-games = Ainda não tem partidas.
player-approve = Aprovar
player-bye = Isenção
player-bye-points = Pontos
player-bye-round = Ronda
player-check-in = Confirmar presença
player-check-out = Retirar presença
player-checked-in = presente
player-not-checked-in = presença por confirmar
player-missed-points = Rondas perdidas valem
player-share-link = enviar por mensagem
player-copy-link = copiar a ligação
player-link-copied = ligação copiada
player-share-text = Olá { $name }, esta é a sua ligação pessoal para o torneio { $event }: { $url } Com ela vê os seus emparelhamentos e envia ou confirma os resultados das suas partidas. Não a partilhe.
personal-holder = Esta ligação é pessoal: quem a tiver vê as suas partidas e envia ou confirma resultados em seu nome. Não a partilhe; se a perder, peça uma nova ao organizador.
player-personal-link = ligação pessoal
player-withdraw = Retirar do torneio
player-withdraw-confirm = Retirar este jogador do torneio?
player-withdrawn = retirado
queue-empty = Nenhuma partida em espera.
fair-play-title = Jogo limpo
fair-play-intro = Cada partida final é comparada com a análise do motor: quantas jogadas de um jogador foram a primeira escolha do motor, e quantas pedras custaram em média, em relação ao que fazem os jogadores da mesma classificação. A pontuação diz quão longe o jogo do jogador está disso, em erros-padrão; maior quer dizer menos provável sem ajuda. Os jogadores no limiar ou acima dele ficam assinalados para os examinar.
fair-play-limits = Uma pontuação é um motivo para olhar, nunca uma prova. Um dia bom, um jogador melhor do que a sua classificação, ou uma partida de posições simples podem dar uma pontuação alta; um jogador ajudado só de vez em quando pode dar uma baixa. Não decida nada só pelo número: veja as partidas, o tempo que levaram e o que se passou na sala. Só os árbitros e os organizadores do torneio vêem esta página.
fair-play-progress = { $screened } de { $games ->
        [1] { $games } partida final examinada
       *[other] { $games } partidas finais examinadas
    }.
fair-play-from-installation = O jogo esperado é medido em { $moves ->
        [1] { $moves } jogada
       *[other] { $moves } jogadas
    } dos outros torneios desta instalação.
fair-play-from-simulation = O jogo esperado é medido em jogadores simulados de cada classificação (esta instalação ainda tem poucas outras partidas).
fair-play-pending = O jogo esperado está a ser calculado: volte daqui a um minuto.
fair-play-threshold = Assinalado a partir de uma pontuação de { $threshold }; um jogador precisa de { $moves ->
        [1] { $moves } jogada contada
       *[other] { $moves } jogadas contadas
    } para ter pontuação. As primeiras quatro jogadas da abertura, as jogadas forçadas e as posições decididas não contam.
fair-play-games = Partidas
fair-play-moves = Jogadas contadas
fair-play-matched = Jogada do motor
fair-play-cost = Custo médio
fair-play-score = Pontuação
fair-play-flagged = a examinar
fair-play-expected = esperado { $value }
fair-play-decision = Decisão
fair-play-decision-no_action = Sem medidas
fair-play-decision-warned = Advertido
fair-play-decision-referred = Enviado à federação
fair-play-decisions = Decisões
fair-play-no-decision = Ainda não há decisão registada.
fair-play-decide = Registar uma decisão
fair-play-note = Nota: o que examinou, o que foi dito, a quem foi enviado
fair-play-record = Registar a decisão
fair-play-first-title = Analisar primeiro
fair-play-first-hint = O motor analisa cada partida final em segundo plano, a mais antiga primeiro. Peça que as partidas deste torneio passem à frente das dos outros torneios durante os próximos dois dias, quando precisar do exame em breve.
fair-play-first = Analisar primeiro as partidas deste torneio
fair-play-first-until = As partidas deste torneio são analisadas antes das dos outros torneios até { $until }.
fair-play-graph = Custo de cada jogada do jogador, e o tempo gasto em cada jogada introduzida ao vivo
fair-play-graph-key = Em cada gráfico, uma barra por jogada do jogador: a altura é o que a jogada custou em relação à do motor (até 10 pedras); as barras escuras são a própria jogada do motor, as barras claras são jogadas não contadas. A linha é o tempo gasto em cada jogada introduzida ao vivo.
fair-play-game-heading = Ronda { $round }, mesa { $board }
fair-play-game-summary = A jogada do motor em { $matched } de { $moves ->
        [1] { $moves } jogada contada
       *[other] { $moves } jogadas contadas
    }; custo médio: { $cost }.
fair-play-timing = Tempo por jogada introduzida ao vivo, em segundos: mediana { $seconds }, dispersão { $spread } (uma dispersão pequena é o mesmo tempo em jogadas fáceis e difíceis).
fair-play-untimed = As jogadas não foram introduzidas ao vivo: não há tempos.
fair-play-plies = Todas as jogadas
fair-play-ply = Jogada
fair-play-played = Notação
fair-play-move-cost = Custo
fair-play-seconds = Segundos
fair-play-counted = Contada
fair-play-yes = sim
fair-play-left-out-opening = não: abertura
fair-play-left-out-forced = não: forçada
fair-play-left-out-decided = não: posição decidida
fair-play-no-games = Ainda não foi examinada nenhuma partida deste jogador.
fair-play-other-events = Outros torneios aqui
fair-play-no-other-events = Nenhum outro torneio deste jogador nesta instalação.
fair-play-person-title = Jogo limpo em todos os torneios
fair-play-person-limits = O exame desta pessoa em cada torneio desta instalação, cada um avaliado como o vêem os árbitros desse torneio. Só os administradores vêem esta página. Uma pontuação abre uma averiguação, nunca a decide.
replay-first = Início
replay-last = Fim
replay-next = Seguinte
replay-prev = Anterior
round-back = Voltar à ronda
round-bye = isento
round-discard = Descartar este rascunho
round-discard-confirm = Descartar o rascunho de emparelhamento?
round-draft = rascunho
round-draft-notice = Este emparelhamento é um rascunho: só os organizadores e árbitros o vêem até ser publicado.
round-exchange = Trocar dois jogadores
round-player-a = Jogador
round-player-b = com
round-publish = Publicar
round-review = Revisão
round-sheet = Folha de emparelhamento
round-starts = Início
round-swap = Trocar quem joga primeiro
round-title = Ronda { $number }
staff-arbiter = árbitro
staff-organiser = organizador
standings-after = Após a ronda { $round }
standings-wall-chart = Quadro para afixar
audit-staff_added = membro da organização adicionado
audit-staff_removed = membro da organização retirado
audit-player_added = jogador adicionado
audit-players_imported = jogadores importados
audit-player_registered = jogador inscrito
audit-player_approved = inscrição aprovada
audit-player_withdrawn = jogador retirado
audit-bye_requested = isenção pedida
audit-round_paired = ronda emparelhada
audit-round_published = ronda publicada
audit-first_move_swapped = primeira jogada trocada
audit-players_exchanged = jogadores trocados
audit-draft_discarded = rascunho descartado
audit-record_rejected = registo rejeitado
audit-record_final = resultado final (registo do árbitro)
audit-record_confirmed = resultado confirmado
audit-record_submitted = registo submetido
audit-records_differ = registos diferentes
audit-result_disputed = resultado contestado
audit-dispute_reason = motivo da contestação
audit-record_approved = resultado aprovado por um árbitro
audit-arbiter_decision = decisão do árbitro
audit-decider_added = partida de desempate adicionada
audit-trf_imported = TRF importado
flash-event-created = O torneio foi criado.
flash-saved = Guardado.
flash-fair-play-decided = Decisão registada.
flash-fair-play-first = As partidas deste torneio passam a ser analisadas primeiro.
flash-player-added = O jogador foi adicionado.
flash-players-imported = Os jogadores foram importados.
flash-player-withdrawn = O jogador foi retirado.
flash-player-approved = A inscrição foi aprovada.
flash-bye-recorded = A isenção foi registada.
flash-staff-added = A função foi atribuída.
flash-staff-removed = A função foi retirada.
flash-registered = A sua inscrição foi enviada; aguarda a aprovação do organizador.
flash-event-imported = O torneio foi importado.
flash-round-paired = A ronda foi emparelhada como rascunho. Reveja-a e publique-a.
flash-round-published = A ronda foi publicada.
flash-draft-discarded = O rascunho foi descartado.
flash-round-changed = O emparelhamento foi alterado.
flash-result-final = O resultado é final.
flash-result-disputed = O resultado está contestado; um árbitro vai decidir.
flash-result-pending = O registo foi aceite e aguarda a confirmação do adversário.
format-swiss = Suíço
format-round_robin = Todos contra todos
format-double_round_robin = Todos contra todos a duas voltas
format-single_elimination = Eliminatórias
format-double_elimination = Dupla eliminação
format-swiss_then_knockout = Suíço e depois eliminatórias
game-status-scheduled = por jogar
game-status-pending = a aguardar confirmação
game-status-disputed = contestado
game-status-final = final
player-status-pending = a aguardar aprovação
player-status-active = a jogar
player-status-withdrawn = retirado
reason-bad_record = O registo não pode ser lido
reason-move_after_game_end = Uma jogada depois do fim da partida
reason-bad_notation = Não é uma jogada
reason-illegal_move = Jogada ilegal
reason-wrong_player = Casa do outro jogador
reason-endless_move = Jogada sem fim
reason-incomplete_record = A partida não terminou
reason-result_mismatch = O resultado não corresponde à partida
reason-final_position_mismatch = A posição final não corresponde
reason-plies_mismatch = O número de jogadas não corresponde
round-state-draft = rascunho
round-state-published = publicada
state-registration = inscrições
state-running = a decorrer
state-finished = terminado
termination-no_stones = sem pedras
termination-no_legal_move = sem jogada possível
termination-only_endless_moves = só jogadas sem fim
termination-resignation = desistência
termination-time_forfeit = perda por tempo
termination-agreement = acordo
termination-adjudication = decisão do árbitro
tiebreak-BH = Buchholz
tiebreak-BH-C1 = Buchholz sem o pior
tiebreak-BH-M1 = Buchholz mediano
tiebreak-SB = Sonneborn-Berger
tiebreak-DE = Confronto directo
tiebreak-WIN = Rondas ganhas
tiebreak-WON = Partidas ganhas
tiebreak-ARO = Média do Elo dos adversários
tiebreak-KS = Koya
tiebreak-PS = Pontuação progressiva
variant-beginner = Iniciante
variant-advanced = Avançado
variant-expert = Perito
error-unauthorized = Este pedido precisa de uma chave da API: envie o cabeçalho Authorization: Bearer <chave>.
error-bad_token = A chave da API é desconhecida ou foi revogada.
error-malformed = Não foi possível ler o pedido.
error-malformed-reason = Não foi possível ler o pedido: { $reason }
error-malformed-field = Não foi possível ler o campo `{ $field }`: { $reason }
error-malformed-not-an-object = o corpo JSON tem de ser um objecto
error-malformed-not-utf8 = o registo do jogo tem de ser texto UTF-8
error-unsupported_media_type = Este tipo de conteúdo não é aceite aqui.
error-unprocessable = O pedido foi compreendido mas recusado.
error-conflict = Isto não pode ser feito no estado actual.
error-login_required = Entre na sua conta.
error-number_invalid = Indique um número.
error-format_unknown = Formato desconhecido.
error-variant_unknown = Variante desconhecida.
error-rounds_invalid = O número de rondas não é válido (1 a 99 num suíço).
error-games_per_match_invalid = As partidas por encontro devem estar entre 1 e 9.
error-knockout_size_invalid = O número de jogadores nas eliminatórias deve estar entre 2 e 256.
error-tiebreak_unknown = Este código de desempate não é conhecido:
error-date_invalid = Esta data não é válida.
error-dates_reversed = O último dia é anterior ao primeiro.
error-location_invalid = O local não é válido.
error-points_invalid = Os pontos devem estar entre 0 e 100, em décimas.
error-points_order = Uma vitória deve valer mais do que uma derrota, e o empate entre ambas.
error-colour_invalid = Escolha de primeira jogada desconhecida.
error-event_started = Depois do início, o formato, a variante e a primeira jogada não podem mudar, as rondas suíças não podem ser menos do que as já emparelhadas e, começada a eliminatória, o seu tamanho e a duração dos encontros ficam fixos.
error-account_unknown = Não existe conta com este endereço de e-mail.
error-owner_is_organiser = O criador do torneio continua a ser o organizador.
error-field_invalid = Um campo é demasiado longo ou tem caracteres não permitidos.
error-rating_invalid = O Elo deve ser um número de 0 a 4000.
error-missed_points_invalid = As rondas perdidas valem zero ou meio ponto.
error-csv_unreadable = Esta linha não pode ser lida.
error-csv_too_many_fields = Mais campos do que colunas (nome, Elo, clube, província, ou as que a linha de cabeçalho indica).
error-csv_empty = Não há nada para importar.
error-event_finished = O torneio terminou.
error-already_registered = Já está inscrito(a).
error-not_pending = Esta inscrição não aguarda aprovação.
error-already_withdrawn = O jogador já foi retirado.
error-bye_kind_invalid = Uma isenção vale meio ponto ou zero.
error-bye_round_invalid = Só se pedem isenções para rondas ainda não emparelhadas.
error-round_already_paired = Essa ronda já está emparelhada.
error-no_valid_pairing = Nenhum emparelhamento respeita as regras (repetições, isenções, cores).
error-no_more_rounds = Todas as rondas foram jogadas.
error-not_enough_players = São precisos pelo menos dois jogadores.
error-round_not_published = A ronda actual ainda não foi publicada:
error-round_open = A ronda actual ainda tem partidas sem resultado final, nas mesas:
error-decider_needed = Um encontro eliminatório está empatado e precisa de partida de desempate.
error-round_exists = Essa ronda acabou de ser emparelhada por outra pessoa.
error-already_published = A ronda já foi publicada.
error-round_published = Uma ronda publicada não pode ser alterada.
error-bye_has_no_colours = Uma isenção não tem primeira jogada para trocar.
error-same_player = Escolha dois jogadores diferentes.
error-player_not_in_round = Esse jogador não está nesta ronda.
error-not_last_round = Só a última ronda pode ser descartada.
error-invalid_record = O registo não é válido.
error-record_unfinished = O registo não termina a partida: jogue até ao fim ou indique como terminou.
error-record_mismatch = O registo não corresponde ao emparelhamento:
error-game_has_no_opponent = Esta partida não tem adversário.
error-game_final = Esta partida já tem resultado final.
error-stale = Alguém alterou esta partida ao mesmo tempo; tente de novo.
error-nothing_to_confirm = Não há resultado para confirmar.
error-cannot_confirm_own = Não pode confirmar o seu próprio registo.
error-reason_too_long = O motivo é demasiado longo.
error-note_too_long = A nota é demasiado longa: no máximo 2000 caracteres.
error-fair_play_decision_unknown = Escolha uma decisão: sem medidas, advertido ou enviado à federação.
error-result_invalid = Resultado desconhecido.
error-trf_invalid = O ficheiro TRF não pode ser importado:
error-round_not_published_yet = A ronda ainda não foi publicada.
crosstable-first = p
crosstable-second = s
crosstable-legend = Cada casa: o lugar do adversário, p (jogou primeiro) ou s (em segundo) e o resultado (+ e - são faltas de comparência). Sem adversário: + isenção, ½ isenção de meio ponto, – ausente.
player-performance = Desempenho
player-next-game = Próxima partida:
player-open-game = abrir
player-results = Resultados
player-opponent = Adversário
player-tiebreaks = Desempates
player-breakdown-intro = O que cada ronda soma ao Buchholz (pontuação do adversário, ajustada nas rondas não jogadas; a própria pontuação numa ronda sem partida) e ao Sonneborn-Berger (o mesmo, vezes os pontos obtidos).
player-contribution = Parte do Buchholz
player-sb-part = Parte do SB
player-unplayed = sem partida
player-cut = descartado
player-voluntary = não jogada por opção
bracket-bye = (isento)
bracket-waiting = …
bracket-champion = Campeão:
bracket-not-seeded = As eliminatórias ainda não começaram.
bracket-games = ver partidas
scoresheets-title = Folhas de registo
scoresheets-print-hint = Imprima esta página: uma folha por mesa.
scoresheets-qr = Leia para submeter o resultado
scoresheets-signatures = Assinaturas
round-scoresheets = Folhas de registo
event-exports = Transferências
event-calendar = Calendário (iCal)
event-all-games = Todas as partidas (KGN)
event-trf = Relatório do torneio (TRF)
game-first-mover-label = Joga primeiro
why-link = Porquê este emparelhamento?
why-title = Porquê este emparelhamento
why-intro = Como o sistema holandês (FIDE C.04.3) emparelhou esta ronda, mesa a mesa. As pontuações são as de antes da ronda.
why-accelerated = Este torneio usa a aceleração de Baku: as pontuações incluem os pontos virtuais dados à metade de cima nas primeiras rondas.
why-same-group = Ambos estão no grupo de { $score ->
        [1] { $score } ponto
       *[other] { $score } pontos
    }.
why-floater = { $player } ({ $high ->
        [1] { $high } ponto
       *[other] { $high } pontos
    }) desceu para jogar com { $other } ({ $low ->
        [1] { $low } ponto
       *[other] { $low } pontos
    }): o grupo de cima não podia emparelhar todos entre si.
why-virtual = { $player } conta { $points ->
        [1] { $points } ponto virtual
       *[other] { $points } pontos virtuais
    } nesta ronda.
why-standard-kept = É o emparelhamento normal do grupo: a metade de cima contra a metade de baixo, por ordem.
why-standard-rematch = O emparelhamento normal seria { $player } contra { $expected }, mas já jogaram um contra o outro: nunca há repetições.
why-standard-clash = O emparelhamento normal seria { $player } contra { $expected }, mas ambos têm de jogar do mesmo lado (preferências absolutas) e não se podem defrontar.
why-standard-quality = O emparelhamento normal seria { $player } contra { $expected }; a troca dá a mais jogadores o lado que preferem ou evita repetir descidas, critérios que as regras pesam por esta ordem.
why-already-met = { $player } já jogou com { $names } deste grupo.
why-preferences = À partida: { $first } { $first_pref }; { $second } { $second_pref }.
pref-none = não tem preferência
pref-first-absolute = tem de jogar primeiro
pref-first-strong = prefere fortemente jogar primeiro
pref-first-mild = gostaria de jogar primeiro (alternância)
pref-second-absolute = tem de jogar em segundo
pref-second-strong = prefere fortemente jogar em segundo
pref-second-mild = gostaria de jogar em segundo (alternância)
why-fm-first-round = { $player } joga primeiro: na ronda 1 a primeira jogada alterna de mesa em mesa a partir da escolha do torneio para a primeira mesa.
why-fm-both = { $player } joga primeiro: ambos ficam com o lado que preferem.
why-fm-only = { $player } joga primeiro: só { $chooser } tem preferência, e é atendida.
why-fm-stronger = { $player } joga primeiro: ambos querem o mesmo lado e { $chooser } tem a preferência mais forte.
why-fm-history = { $player } joga primeiro: ambos querem o mesmo lado com a mesma força; recuando até à última ronda em que os lados foram diferentes, a alternância favorece { $chooser }.
why-fm-ranking = { $player } joga primeiro: ambos querem o mesmo lado, com a mesma força e o mesmo historial, e { $chooser } tem a melhor classificação.
why-fm-none = { $player } joga primeiro: nenhum tem preferência, por isso os lados alternam pela classificação.
why-fm-by-hand = { $player } joga primeiro porque o organizador trocou a primeira jogada à mão.
why-board-by-hand = O organizador alterou esta mesa à mão depois do emparelhamento.
why-bye-lowest = { $player } ({ $score ->
        [1] { $score } ponto
       *[other] { $score } pontos
    }) fica isento: a pontuação mais baixa, e o pior classificado com ela, entre quem ainda não teve isenção nem vitória sem jogar.
why-bye-constrained = { $player } ({ $score ->
        [1] { $score } ponto
       *[other] { $score } pontos
    }) fica isento: dar a isenção a um jogador abaixo quebraria uma regra mais importante (uma repetição ou um limite de primeira jogada).
why-bye-by-hand = { $player } fica isento, por decisão manual.
why-bye-ineligible = Sem direito a isenção (já tiveram uma, ou uma vitória sem jogar): { $names }.
error-not_a_swiss_round = Só as rondas suíças têm explicação do emparelhamento.
error-registration_closed = Este torneio não aceita inscrições dos jogadores; fale com o organizador.
game-upload-record = Ou envie o registo num ficheiro (.kgn ou texto):
game-upload-submit = Enviar o ficheiro
error-record_file_missing = Escolha o ficheiro do registo a enviar.
error-record_file_not_text = O ficheiro não é um registo em texto (KGN em UTF-8).
account-password-revoke-tokens = Revogar também todas as minhas chaves da API
account-password-sessions = Alterar a palavra-passe termina a sessão em todos os outros navegadores desta conta.
account-email-title = Alterar o endereço de e-mail
account-email-new = O endereço novo
account-email-hint = Uma ligação vai para o endereço novo: o seu endereço só muda quando ela for aberta (dentro de { $hours } horas). Até lá entra com este.
account-email-no-mail = Este sítio ainda não envia correio electrónico: a ligação espera para sair até ser configurado um servidor de correio.
account-email-submit = Enviar a ligação
email-change-title = Um endereço de e-mail novo
email-change-confirm = Fazer de { $email } o endereço da sua conta? A partir daí entra com ele, e as mensagens vão para lá.
email-change-submit = Confirmar o endereço novo
email-change-dead = Esta ligação já foi usada, ou tem mais de { $hours } horas, ou foi pedida uma mais recente. Peça de novo na página da sua conta.
error-busy = O servidor está ocupado. Tente de novo dentro de alguns segundos.
error-last_admin = Esta é a única conta de administrador da instalação: nomeie primeiro outro administrador.
error-own_game = Joga nesta partida, por isso não pode decidir, confirmar ou lançar o resultado como árbitro: outro árbitro ou organizador tem de o fazer.
personal-account-title = A sua conta
personal-linked-to-you = Esta inscrição está ligada à sua conta: também pode chegar às suas partidas com a sessão iniciada.
personal-linked-other = Esta inscrição está ligada a uma conta. Se não é a sua, fale com o organizador.
personal-claim-intro = Tem a sessão iniciada como { $name }. Se esta inscrição é sua, ligue-a à sua conta: passará a encontrar as suas partidas com a sessão iniciada, em qualquer aparelho.
personal-claim = Sou eu: ligar à minha conta
personal-claim-sign-in = Com uma conta pode ligar-lhe esta inscrição e encontrar as suas partidas com a sessão iniciada.
flash-player-claimed = A inscrição está agora ligada à sua conta.
flash-player-linked = A inscrição foi ligada à conta.
flash-player-unlinked = A inscrição já não está ligada a nenhuma conta.
flash-link-reissued = Foi criada uma nova ligação pessoal; a antiga deixou de funcionar.
error-entry_taken = Esta inscrição já está ligada a outra conta.
error-account_has_entry = Esta conta já tem uma inscrição neste torneio.
player-reissue = nova ligação
player-reissue-confirm = Criar uma nova ligação pessoal? A antiga deixa de funcionar de imediato.
player-account-linked = ligada a uma conta
player-unlink = desligar
player-link-suggested = Ligar à conta de { $name }
player-link = ligar a uma conta
player-link-submit = Ligar
player-reissue-account = A conta ligada a esta inscrição
player-reissue-end = desligá-la (quem reclamou a inscrição com a ligação antiga deixa de agir por ela)
player-reissue-keep = mantê-la
player-account-linked-to = ligada à conta de { $name }
player-account-via-link = pela ligação pessoal, por confirmar
player-account-via-organiser = pela organização
player-account-via-registration = por inscrição própria
player-account-confirm = Confirmar que é esta pessoa
player-account-person-differs = A conta está ligada, no cadastro da federação, a { $name } ({ $id }), que não é a pessoa desta inscrição. Verifique antes de aprovar ou corrigir o número da federação.
error-title-408 = Demasiado lento
error-body_timeout = O formulário ou ficheiro não chegou a tempo. Verifique a ligação e envie de novo.
audit-player_claimed = inscrição ligada pelo próprio jogador (ligação pessoal)
audit-player_linked = inscrição ligada a uma conta pelo organizador
audit-player_unlinked = inscrição desligada da sua conta
audit-link_reissued = nova ligação pessoal criada
error-own_entry = Esta é a sua própria inscrição: outro organizador tem de alterar a conta a que está ligada.
error-pairing_violates_criteria = O emparelhamento encontrado viola um critério absoluto e não foi guardado. Comunique o problema a quem mantém o programa.
error-game_not_final = Esta partida ainda não tem resultado final: decida-a em vez de a corrigir.
error-reason_required = Indique o motivo.
audit-result_corrected = resultado final corrigido
audit-record_accepted = registo aceite pelo árbitro
audit-replay_ordered = partida a repetir
audit-decision_reason = motivo da decisão
outcome-draw = Empate
outcome-draw-adjudication = Empate por decisão do árbitro
outcome-double-forfeit = Derrota por falta de comparência de ambos
outcome-forfeit = { $winner } ganha por falta de comparência: { $loser } não jogou
outcome-no_stones = { $winner } ganha: { $loser } ficou sem pedras
outcome-no_legal_move = { $winner } ganha: { $loser } não tem jogada possível
outcome-only_endless_moves = { $winner } ganha: { $loser } só tem jogadas sem fim
outcome-resignation = { $winner } ganha: { $loser } desistiu
outcome-time_forfeit = { $winner } ganha: { $loser } perdeu por tempo
outcome-adjudication = { $winner } ganha por decisão do árbitro
outcome-win = { $winner } ganha
outcome-after-plies = { $outcome }, na jogada { $plies }
board-marked = a jogada em causa
game-dispute-reason-shown = Porque o resultado é contestado:
game-refused-board = O tabuleiro antes da jogada, com a casa assinalada:
game-fix-on-board = Corrigir no tabuleiro a partir da última jogada válida
game-pending-record = Registo a aguardar confirmação
game-not-our-game = Esta não é a nossa partida: contestar
game-paste-corrected-record = Cole um registo (o seu é final de imediato)
game-records-part = Os dois últimos registos divergem na jogada { $ply }:
game-record-ended = (o registo terminou)
game-position-before = A posição antes dessa jogada, com as duas jogadas assinaladas:
game-submission-by = Registo enviado por { $name }
submitter-player = jogador
submitter-arbiter = árbitro
submitter-organiser = organizador
submission-status-pending = a aguardar confirmação
submission-status-disputed = contestado
submission-status-confirmed = confirmado
submission-status-final = final (organização)
submission-status-superseded = substituído
game-submission-refused = Rejeitado
game-replay-this = Reproduzir este registo
game-accept-record = Aceitar este registo
game-correct = Corrigir o resultado final
game-correct-help = A classificação e tudo o que se segue são recalculados; é informado das mesas de rondas seguintes que teriam sido emparelhadas de outra forma.
game-correction-reason = Motivo (obrigatório)
game-correction = Correcção
game-corrected-from = Resultado corrigido pela organização (era { $previous }). Motivo:
game-record-ends = O registo, guardado como foi jogado, termina em { $result }.
decision-replay = Repetir a partida
game-replay-of-submission = Reprodução do registo enviado por { $name }
game-replay-of-pending = Reprodução do registo a aguardar confirmação
game-replay-live = Em jogo: as jogadas até agora, a última em destaque
game-corrected-later-rounds = O resultado foi corrigido e a classificação recalculada. Rondas seguintes foram emparelhadas com o resultado antigo; estas mesas seriam agora emparelhadas de outra forma:
game-corrected-later-help = Deixe-as como estão (as partidas foram jogadas) ou retire a última ronda enquanto nenhum dos seus resultados é final e emparelhe-a de novo.
flash-result-corrected = O resultado foi corrigido e a classificação recalculada.
flash-replay-ordered = A partida vai ser repetida: os seus registos foram postos de parte.
error-round_has_results = Uma partida desta ronda já tem resultado final: a ronda já não pode ser retirada.
error-boards_empty = Indique pelo menos uma mesa.
error-player_unknown = Um jogador das mesas não está inscrito neste torneio.
error-player_not_active = Um jogador das mesas está retirado ou ainda não foi aprovado.
error-player_twice = Um jogador está em duas mesas.
error-player_has_games = Este jogador tem partidas no torneio: retire-o em vez de o remover.
audit-round_withdrawn = ronda retirada (de volta a rascunho)
audit-round_paired_by_hand = ronda emparelhada à mão
audit-player_edited = dados do jogador alterados
audit-player_removed = jogador removido
audit-registration_rejected = inscrição recusada
manage-import-duplicates = Os jogadores foram importados. Estas linhas parecem uma inscrição já existente (mesmo nome e clube, ou mesmo e-mail); remova a inscrição a mais, se for o caso:
manage-import-already-entered = Estas linhas parecem jogadores já inscritos (mesmo nome e clube, ou mesmo e-mail). Nada foi importado: um ficheiro enviado duas vezes não duplica os jogadores.
manage-import-already-entered-hint = Retire essas linhas e envie de novo; ou, se são mesmo outras pessoas, marque a caixa abaixo do ficheiro.
manage-import-also-entered = Inscrever também as linhas que parecem jogadores já inscritos
flash-player-added-duplicate = O jogador foi adicionado, mas já existia uma inscrição com o mesmo nome e clube (ou e-mail): verifique a lista.
round-hand-warnings = Guardado como definiu. Viola estes critérios absolutos (ignorados, e registados):
criterion-rematch = jogadores que já se defrontaram
criterion-colour_difference = diferença de primeiras jogadas acima de dois
criterion-same_colour_thrice = joga primeiro (ou segundo) três vezes seguidas
criterion-second_bye = uma segunda ronda ganha sem jogar
criterion-paired_times = não está em exactamente uma mesa
round-pair-again = Emparelhar esta ronda de novo
round-pair-again-confirm = Descartar este emparelhamento e emparelhar a ronda de novo com o torneio como está?
round-by-hand = Emparelhar à mão
round-by-hand-hint = Defina cada mesa: quem joga primeiro e o adversário (nenhum: isenção). Os critérios violados são mostrados como avisos; o seu emparelhamento fica.
round-by-hand-publish = Publicar de imediato
round-by-hand-save = Guardar este emparelhamento
round-withdraw = Retirar esta ronda (volta a rascunho)
round-withdraw-confirm = Retirar o emparelhamento publicado? Os registos já enviados para esta ronda são postos de parte.
flash-round-withdrawn = A ronda foi retirada: é de novo um rascunho.
player-reject = Recusar
player-reject-reason = Motivo (fica no histórico de alterações)
player-edit = Editar
player-remove = Remover esta inscrição
player-remove-confirm = Remover esta inscrição? Só se pode remover uma inscrição sem partidas.
flash-player-edited = Os dados do jogador foram guardados.
flash-player-removed = A inscrição foi removida.
flash-registration-rejected = A inscrição foi recusada.
event-registration-pending = A sua inscrição aguarda a aprovação do organizador.
event-you-withdrawn = Está retirado deste torneio.
event-you-checked-in = Está presente para a próxima ronda.
event-you-not-checked-in = Ainda não confirmou a presença: avise o árbitro de que está cá.
nav-my-games = As minhas partidas
col-round = Ronda
my-number = Número de emparelhamento { $number }
my-opponent = Adversário
my-you-move-first = joga primeiro
my-opponent-moves-first = o adversário joga primeiro
my-action-submit = Depois da partida, envie o registo.
my-action-confirm = O seu adversário enviou o registo: verifique-o e confirme-o (ou conteste-o).
my-action-await_opponent = O seu registo aguarda a confirmação do adversário.
my-action-await_arbiter = O resultado é contestado: o árbitro decide.
my-action-none = Nada a fazer.
my-go-submit = Introduzir o resultado
my-go-confirm = Verificar e confirmar
my-go-await_opponent = Abrir a partida
my-go-await_arbiter = Abrir a partida
my-go-none = Abrir a partida
my-nothing-to-do = Nada a fazer por agora (ronda { $round }).
my-games-title = As minhas partidas
my-games-none = Ainda nenhuma inscrição está ligada à sua conta. Abra a sua ligação pessoal e escolha “sou eu”, ou peça ao organizador que ligue a sua inscrição.
personal-print-slip = Imprimir o meu talão
slips-title = Ligações pessoais
slips-print-hint = Imprima esta página e corte pelas linhas: um talão por jogador.
hall-phones-open = Os telemóveis da sala abrem
hall-no-address = Esta página foi aberta como o próprio portátil (localhost): num telemóvel esse endereço é o telemóvel, por isso não se imprime aqui nenhum código QR nem ligação.
hall-no-address-fix = Inicie o programa no modo sala e abra esta página no endereço que ele mostra (ou defina base_url):
join-title = Folha de entrada
join-intro = Uma folha para imprimir e afixar onde os jogadores chegam: a rede Wi-Fi da sala (um código que a junta), depois o endereço deste sítio (um código e em letra grande), depois como encontrar as suas partidas.
join-network = O nome da rede Wi-Fi
join-password = A palavra-passe
join-open = A rede não tem palavra-passe
join-password-hint = A palavra-passe fica escrita na folha e no seu código, e não é guardada em lado nenhum. Sem palavra-passe (e sem ser uma rede aberta), a folha dá só o nome da rede.
join-make = Fazer a folha
join-again = Outra folha
join-step-wifi = 1. Ligue-se à rede Wi-Fi
join-wifi-scan = Aponte a câmara do telemóvel ao código para se ligar.
join-step-site = 2. Abra o Kiela
join-step-games = 3. Encontre as suas partidas
join-games = No sítio: o torneio, depois Jogadores, depois o seu nome; o código da sua senha e a folha de jogo da sua mesa abrem logo a sua partida. Não é preciso internet: o sítio é este portátil.
hall-staff-laptop-only = Neste local, as contas entram no próprio portátil: a rede da sala é partilhada por todos na sala, e uma palavra-passe enviada por ela poderia ser lida por qualquer telemóvel ligado. Os jogadores não precisam de conta: o código da sua senha ou da folha de jogo da sua mesa abre a sua partida.
reset-title = Uma palavra-passe nova
reset-password = A palavra-passe nova
reset-hint = Pelo menos 8 caracteres. Todas as sessões da conta terminam: entre de novo com a palavra-passe nova. As chaves da API da conta ficam (revogue-as na página da conta).
reset-submit = Definir a palavra-passe
reset-ask-again = Esta ligação já foi usada, ou tem mais de 30 minutos. Peça uma nova («Esqueceu-se da palavra-passe?» na página de entrada), ou peça-a a um administrador.
reset-made-title = Uma ligação de uso único para uma palavra-passe nova
reset-made-for = Para { $email }. Entregue-a em mão (ou leia-a em voz alta): define a palavra-passe da conta uma vez.
reset-made-hint = Funciona durante { $minutes ->
        [1] { $minutes } minuto
       *[other] { $minutes } minutos
    } e uma só vez; só é mostrada agora. A sua criação ficou escrita no histórico da conta.
admin-reset-link = Ligação para palavra-passe nova
flash-password-reset = A palavra-passe foi definida e todas as sessões da conta terminaram: entre com ela.
forgot-title = Esqueceu-se da palavra-passe
forgot-explain = Indique o endereço com que entra. Se for o de uma conta, recebe nele uma ligação para definir uma palavra-passe nova.
forgot-no-mail = Este sítio não envia correio electrónico (nenhum servidor de correio configurado): peça a um administrador uma ligação para definir uma palavra-passe nova.
forgot-submit = Enviar a ligação
forgot-sent = Se { $email } for o endereço de uma conta, vai a caminho dele uma ligação para definir uma palavra-passe nova. Funciona durante { $minutes ->
        [1] { $minutes } minuto
       *[other] { $minutes } minutos
    }, e uma só vez.
forgot-sent-hint = Não chegou nada? Veja na pasta de correio não desejado, confirme o endereço, ou peça a ligação a um administrador.
unsubscribe-title = Anúncios por correio electrónico
unsubscribe-receiving = { $email } recebe os anúncios dos torneios em que joga: rondas publicadas, classificações finais, avisos da organização.
unsubscribe-stopped = { $email } já não recebe anúncios.
unsubscribe-stop = Não quero mais anúncios
unsubscribe-again = Receber de novo os anúncios
unsubscribe-hint = As mensagens sobre as suas partidas (um registo a confirmar, uma contestação, uma correcção) e as ligações para uma palavra-passe nova continuam a ser enviadas: respondem a algo que fez ou tem de fazer.
flash-unsubscribed = Feito: este endereço já não recebe anúncios.
flash-resubscribed = Feito: este endereço volta a receber anúncios.
flash-notice-queued = { $queued ->
        [1] O aviso espera para ser enviado a { $queued } jogador.
       *[other] O aviso espera para ser enviado a { $queued } jogadores.
    }
flash-notice-none = Nenhum jogador deste torneio tem endereço de correio electrónico: nada foi enviado.
flash-message-again = A mensagem espera para ser enviada de novo.
mail-title = Correio
mail-no-smtp = Esta instalação não tem servidor de correio (smtp_url): as mensagens esperam aqui e saem quando houver um configurado e acessível.
mail-count-waiting = { $count ->
        [1] { $count } mensagem à espera
       *[other] { $count } mensagens à espera
    }
mail-count-sent = { $count ->
        [1] { $count } mensagem enviada
       *[other] { $count } mensagens enviadas
    }
mail-count-failed = { $count ->
        [1] { $count } mensagem falhada
       *[other] { $count } mensagens falhadas
    }
mail-dropped = { $count ->
        [1] { $count } mensagem não entrou na fila: a caixa de saída estava cheia.
       *[other] { $count } mensagens não entraram na fila: a caixa de saída estava cheia.
    }
mail-choice-title = O que o torneio envia
mail-language = Língua das mensagens
mail-language-hint = Para os jogadores sem conta; um jogador com conta recebe as mensagens na língua com que entra.
mail-choice-sends = Mensagens aos jogadores
mail-choice-disputes = Uma contestação aberta, e decidida
mail-kind-password_reset = Ligação para uma palavra-passe nova
mail-kind-personal_link = Ligação pessoal
mail-kind-round_published = Ronda publicada (mesa, quem joga primeiro, adversário)
mail-kind-confirmation_wanted = Registo a confirmar
mail-kind-dispute_opened = Contestação aberta
mail-kind-dispute_decided = Contestação decidida
mail-kind-result_corrected = Resultado corrigido
mail-kind-final_ranking = Classificação final
mail-kind-notice = Aviso
mail-state-waiting = à espera
mail-state-sent = enviada
mail-state-failed = falhada
mail-notice-title = Um aviso a todos os jogadores
mail-notice-text = Aviso
mail-notice-hint = Enviado a cada jogador do torneio com endereço de correio electrónico, na língua do torneio. No máximo 5000 caracteres.
mail-notice-send = Enviar o aviso
mail-list-title = Mensagens
mail-list-empty = Ainda nenhuma mensagem.
mail-col-to = Para
mail-col-kind = Mensagem
mail-col-state = Estado
mail-col-when = Quando
mail-again = Enviar de novo
mail-attempts = { $count ->
        [1] { $count } tentativa
       *[other] { $count } tentativas
    }
mail-next-attempt = próxima às
mail-answer = A resposta do servidor de correio
mail-sent-at = enviada
mail-greeting = Olá { $name },
mail-footer-event = Recebe esta mensagem porque joga em { $event }, organizado em { $site }.
mail-footer-account = Enviada por { $site } para o endereço da sua conta, { $email }.
mail-footer-email_change = Enviada por { $site } para { $email }, o endereço pedido para a conta de { $name }.
mail-footer-email_changed = Enviada por { $site } para { $email }, o endereço que a sua conta tinha até agora.
mail-unsubscribe = Não quero mais anúncios
mail-outcome-won = ganhou
mail-outcome-lost = perdeu
mail-outcome-drawn = empate
mail-outcome-won_forfeit = ganhou por falta de comparência
mail-outcome-lost_forfeit = perdeu por falta de comparência
mail-outcome-double_forfeit = falta de comparência dos dois jogadores
mail-outcome-bye = isenção
mail-password_reset-subject = Uma palavra-passe nova para { $site }
mail-password_reset-body = Alguém (esperamos que seja o próprio) pediu uma palavra-passe nova para a conta { $email }. A ligação abaixo define-a; funciona durante { $minutes ->
        [1] { $minutes } minuto
       *[other] { $minutes } minutos
    }, e uma só vez. Se não a pediu, não faça nada: a sua palavra-passe fica como está.
mail-password_reset-action = Definir uma palavra-passe nova
mail-email_change-subject = Confirme o seu endereço novo em { $site }
mail-email_change-body = Alguém (esperamos que seja o próprio) pediu que este passe a ser o endereço da conta de { $name } em { $site }. A ligação abaixo confirma-o; funciona durante { $hours ->
        [1] { $hours } hora
       *[other] { $hours } horas
    }, e uma só vez. Enquanto não for aberta, a conta mantém o seu endereço. Se não o pediu, não faça nada.
mail-email_change-action = Confirmar este endereço
mail-email_changed-subject = O endereço da sua conta em { $site } foi alterado
mail-email_changed-body = O endereço da conta de { $name } é agora { $new }: as mensagens e as ligações para uma palavra-passe nova vão para lá, e este endereço deixou de servir para entrar. Se não foi o próprio a fazer esta alteração, avise já o administrador do sítio.
mail-personal_link-subject = { $event }: a sua ligação pessoal
mail-personal_link-body = Esta é a sua ligação pessoal para { $event }: as suas partidas, as suas mesas e os registos que introduz. Guarde-a para si: é a sua chave. Uma ligação enviada antes deixou de funcionar.
mail-personal_link-action = Abrir a minha página
mail-round_published-subject = { $event }: ronda { $round }, mesa { $board }
mail-round_published-body = A ronda { $round } foi publicada. Joga na mesa { $board } contra { $opponent }, e { $first ->
        [yes] joga primeiro
       *[no] joga em segundo
    }.
mail-round_published-bye = A ronda { $round } foi publicada. Tem isenção nesta ronda.
mail-round_published-starts = A ronda começa em { $time }.
mail-round_published-action = Abrir a minha partida
mail-confirmation_wanted-subject = { $event }: confirme o registo da ronda { $round }
mail-confirmation_wanted-body = { $opponent } enviou o registo da vossa partida da ronda { $round } (mesa { $board }). Verifique-o e confirme-o, ou conteste-o se estiver errado: o resultado conta quando os dois o aceitarem.
mail-confirmation_wanted-action = Ver o registo
mail-dispute_opened-subject = { $event }: a ronda { $round }, mesa { $board }, vai ao árbitro
mail-dispute_opened-body = Os registos da sua partida contra { $opponent } na ronda { $round } (mesa { $board }) são diferentes, ou um dos dois contestou o resultado. Um árbitro decide; será informado da decisão.
mail-dispute_opened-action = Abrir a partida
mail-dispute_decided-subject = { $event }: o árbitro decidiu a ronda { $round }, mesa { $board }
mail-dispute_decided-body = O árbitro decidiu a sua partida contra { $opponent } na ronda { $round } (mesa { $board }): { $outcome }.
mail-dispute_decided-action = Abrir a partida
mail-result_corrected-subject = { $event }: um resultado seu foi corrigido
mail-result_corrected-body = O resultado da sua partida contra { $opponent } na ronda { $round } (mesa { $board }) foi corrigido: { $outcome } (antes: { $before }).
mail-result_corrected-action = Abrir a partida
mail-final_ranking-subject = { $event }: a classificação final
mail-final_ranking-body = { $event } terminou. Ficou em { $rank }.º lugar de { $players }, com { $points ->
        [1] { $points } ponto
       *[other] { $points } pontos
    }.
mail-final_ranking-shared = { $event } terminou. Partilha os lugares { $rank } a { $place_to } de { $players }, com { $points ->
        [1] { $points } ponto
       *[other] { $points } pontos
    }.
mail-final_ranking-prize = O seu prémio: { $amount } { $currency }.
mail-final_ranking-prize-category = O seu prémio em { $category }: { $amount } { $currency }.
mail-final_ranking-action = Ver as minhas partidas e a classificação
mail-notice-subject = { $event }: um aviso da organização
mail-notice-body = A organização de { $event } escreve a todos os jogadores:
mail-notice-action = Abrir o torneio
error-reset_link_dead = Esta ligação para uma palavra-passe nova já foi usada ou expirou.
error-email_change_link_dead = Esta ligação para um endereço novo já foi usada ou expirou.
error-email_unchanged = Este já é o endereço da sua conta.
error-message_not_resendable = Esta mensagem não pode ser enviada de novo (ainda está à espera, ou era uma ligação para uma palavra-passe nova, que a conta pede outra vez).
error-outbox_full = A caixa de saída está cheia: as mensagens esperam pelo servidor de correio. Tente de novo quando tiverem saído.
error-notice_empty = Escreva primeiro o aviso.
error-notice_too_long = Um aviso tem no máximo 5000 caracteres.
slips-explain = Leia o código (ou escreva o endereço) para ver as suas partidas e introduzir os resultados. Guarde-o para si: é a sua chave.
slips-copy-title = Lista para enviar por mensagem
slips-copy-hint = Copie a linha de cada jogador para uma mensagem só a esse jogador.
enter-title = Introduzir o resultado
enter-how = O resultado desta partida é introduzido por um dos seus dois jogadores:
enter-with-link = abra a sua ligação pessoal (o código do seu talão) neste telemóvel e volte a ler este código;
enter-sign-in = ou entre com a conta ligada à sua inscrição;
enter-not-your-game = tem sessão iniciada, mas não como um dos jogadores desta partida;
enter-ask-arbiter = ou entregue a folha de registo ao árbitro.
enter-view-game = Ver a partida
manage-slips = Talões de ligações pessoais
claim-none = — não terminou (escolha como acabou) —
error-go-back = Voltar onde estava
queue-ask-dispute = Contestado: compare os registos e decida
queue-ask-pending_too_long = À espera há muito da confirmação do adversário: aprove-o ou fale com o adversário
queue-ask-pending = À espera da confirmação do adversário
queue-ask-forfeit = Um jogador está retirado: decida a falta de comparência
queue-ask-unfinished = A ronda espera por esta partida: introduza o resultado ou decida
queue-since = desde
error-nobody_checked_in = Ainda ninguém confirmou a presença para esta ronda: registe os jogadores presentes e depois emparelhe.
enter-continue-as = Continuar como { $name }
enter-not-you = Não é { $name }? Este aparelho lembra-se da ligação pessoal dessa pessoa; use a sua ou entre na sua conta.
error-submission_closed = Este registo foi posto de parte: já não pode ser aceite.
audit-record_set_aside = registo posto de parte (guardado aqui)
error-later_round_paired = A ronda seguinte da eliminatória já foi emparelhada com o vencedor deste encontro: retire-a primeiro e depois corrija o resultado.
submission-status-rejected = rejeitado
standings-final = Classificação final
standings-final-note = O torneio terminou. Os jogadores da eliminatória são classificados pela fase a que chegaram (lugares partilhados por cabeça de série), os outros pela classificação.
standings-knockout = Eliminatória
standings-knockout-games = Partidas (V–E–D)
standings-swiss-points = Pontos do suíço
standings-knockout-won = ganhou
standings-knockout-lost = perdeu
csv-place-to = Até ao lugar
csv-last-match = Último encontro
csv-won = V
csv-drawn = E
csv-lost = D
event-result = Resultado
event-champion = campeão
event-boards-finished = { $done } de { $total ->
        [1] { $total } mesa terminada
       *[other] { $total } mesas terminadas
    }
standings-final-note-swiss = O torneio terminou: esta é a classificação final.
standings-knockout-running = Uma eliminatória não tem classificação enquanto decorre: acompanhe-a no quadro; a classificação final aparece aqui quando terminar.
error-sex_invalid = O sexo é F ou M (ou fica vazio).
error-birth_year_invalid = O ano de nascimento deve estar entre 1900 e este ano.
error-federation_id_invalid = O identificador da federação tem até 30 letras, algarismos ou hífenes.
error-federation_id_local = Este é o identificador local de um local de jogo, não um identificador nacional: a pessoa é identificada quando o torneio desse local é importado.
col-sex = Sexo
sex-F = feminino
sex-M = masculino
col-birth-year = Ano de nascimento
col-federation-id = N.º na federação
error-sharing_invalid = A partilha é equal, hort ou tiebreak.
error-currency_invalid = A moeda é um código de três letras (AOA, USD, ...).
error-prize_invalid = Um prémio é um valor a partir de 0 ou um texto curto; uma lista tem no máximo 200 prémios e 50 categorias.
audit-prizes_set = prémios definidos
prizes-title = Prémios
prizes-provisional = Provisório: o torneio não terminou, a lista segue a classificação actual.
prizes-sharing-equal = Os jogadores empatados partilham por igual os prémios dos seus lugares.
prizes-sharing-hort = Os jogadores empatados partilham pelo sistema Hort: metade pelo lugar, metade por igual.
prizes-sharing-tiebreak = Os prémios seguem a ordem de desempate, sem partilha.
prizes-none = Ainda nenhum prémio foi atribuído.
prizes-prize = Prémio
prizes-amount = Valor
prizes-shared = partilhado por { $players }
prizes-place = { $place }.º lugar
prizes-places = { $from }.º–{ $to }.º lugar
error-tags_invalid = As etiquetas separam-se por vírgulas: no máximo 10, cada uma com até 30 caracteres.
col-tags = Etiquetas
player-tags-hint = Etiquetas próprias, separadas por vírgulas, para categorias de prémios (uma escola, uma liga).
error-csv_unknown_column = A linha de cabeçalho repete uma coluna ou indica uma que não é nome, elo, clube, provincia, email, sexo, ano_nascimento, n_federacao nem etiquetas.
prizes-fund-title = Fundo de prémios
prizes-fund-intro = Os prémios e a forma de os repartir. A lista de prémios segue a classificação final; é pública quando o torneio termina, ou antes, como provisória, se a publicar.
prizes-fund-rules = Regras
prizes-fund-currency = Moeda (três letras)
prizes-fund-sharing = Jogadores empatados
prizes-fund-one-prize = No máximo um prémio por jogador
prizes-fund-choice = Um jogador com direito a vários prémios recebe
prizes-fund-choice-most-valuable = o de maior valor
prizes-fund-choice-list-order = o primeiro pela ordem das listas
prizes-fund-published = Mostrar a lista de prémios antes do fim, como provisória
prizes-fund-places = Prémios por lugar
prizes-fund-prizes = Prémios, um por linha a partir do primeiro
prizes-fund-lines-hint = Um valor (1500, 1 500 ou 1.500,50) ou um prémio em espécie (Troféu).
prizes-fund-categories-hint = Prémios por categoria: todas as condições indicadas têm de se verificar (mulheres nascidas a partir de 2008: sexo e ano). Apague uma categoria para a retirar; grave para ter mais em branco.
prizes-fund-new-category = Nova categoria
prizes-fund-category-name = Nome
prizes-rule-born-from = Nascido em ou depois de
prizes-rule-born-until = Nascido em ou antes de
prizes-rule-rating-below = Elo abaixo de
prizes-rule-unrated = Só jogadores sem Elo
prizes-rule-tag = Jogadores com a etiqueta
prizes-fund-now = A lista de prémios agora
prizes-fund-public-page = página pública
error-category_invalid = Uma categoria precisa de um nome; o nome e cada uma das condições têm no máximo 100 caracteres.
prizes-sharing-option-equal = partilham por igual
prizes-sharing-option-hort = partilham pelo sistema Hort
prizes-sharing-option-tiebreak = não partilham (ordem de desempate)
event-final = A final
event-final-game = partida { $number }
event-prize-winners = Premiados
audit-detail-player = { $name } ({ $number })
audit-detail-reissued = { $name } ({ $number }){ $account ->
    [end] : conta ligada desligada
    [keep] : conta ligada mantida
   *[other] {""}
}
audit-detail-registrant = { $name }
audit-detail-player_account = { $name } ({ $number }) → { $email }
audit-detail-player_withdrawn = { $name }, depois da ronda { $round }
audit-detail-bye = { $name }: ronda { $round }, { $points }
audit-detail-player_edited = { $name } ({ $number }): { $changes }
audit-detail-registration_rejected = { $name }{ $reason }
audit-detail-players_imported = { $count ->
        [1] { $count } jogador
       *[other] { $count } jogadores
    }
audit-detail-trf_imported = { $players ->
        [1] { $players } jogador
       *[other] { $players } jogadores
    }, { $rounds ->
        [1] { $rounds } ronda jogada
       *[other] { $rounds } rondas jogadas
    }{ $warnings }
audit-detail-prizes = { $places ->
        [1] { $places } prémio por lugar
       *[other] { $places } prémios por lugar
    }, { $categories ->
        [1] { $categories } categoria
       *[other] { $categories } categorias
    }
audit-detail-staff = { $email } ({ $role })
audit-detail-role = { $role }
audit-detail-archive_held = arquivo { $digest }: { $changes ->
    [1] { $changes } alteração a confirmar
   *[other] { $changes } alterações a confirmar
}
audit-detail-archive_imported = { $installation } ({ $code }), torneio { $venue_event } nesse local, arquivo { $archive }{ $entries }
audit-imported-new = uma pessoa nova
audit-imported-decided = escolhido pelo organizador
audit-imported-proposed = como proposto
audit-detail-handed_over = { $from } → { $to }
audit-detail-decisions_rated = { $rated ->
    [true] contam
   *[other] não contam
}
audit-detail-account = conta { $account }
audit-detail-round = ronda { $round }
audit-detail-round_paired = ronda { $round }: { $games ->
        [1] { $games } partida
       *[other] { $games } partidas
    }
audit-detail-round_by_hand = ronda { $round }: { $boards ->
        [1] { $boards } mesa
       *[other] { $boards } mesas
    }{ $overridden }
audit-overridden = critérios não respeitados
audit-detail-board = mesa { $board }
audit-detail-players_exchanged = jogadores { $first } e { $second } (mesas { $first_board } e { $second_board })
audit-detail-decider = { $code }: partida { $game }
audit-detail-result = { $result }
audit-detail-decision = { $result }{ $reason }
audit-detail-accepted = { $result } (registo n.º { $submission }){ $reason }
audit-detail-corrected = { $from } → { $to }{ $reason }
audit-detail-while_disputed = com a partida contestada
mismatch-variant = o registo é da variante { $sent }; o torneio joga-se na variante { $event }.
mismatch-position = o registo começa noutra posição; as partidas começam na posição inicial.
mismatch-name = o campo { $tag } indica «{ $sent }», mas o emparelhamento tem { $paired } desse lado.
explain-at-ply = Jogada { $ply } ({ $move }): { $what }
explain-after-ply = Depois da jogada { $ply }: { $what }
explain-invalid_utf8 = o registo não é texto UTF-8 válido.
explain-too_large = o registo excede o limite de { $limit } bytes.
explain-tag_without_name = uma linha de campo não tem nome: escreva [Nome "valor"].
explain-tag_without_value = um campo não tem valor entre aspas: escreva [Nome "valor"].
explain-tag_value_unclosed = o valor de um campo não é fechado com " na mesma linha.
explain-tag_unclosed = uma linha de campo não é fechada com ].
explain-tag_twice = o campo { $tag } aparece duas vezes.
explain-bad_variant = { $tag } vale «{ $value }»; tem de ser beginner, advanced ou expert.
explain-bad_first = { $tag } vale «{ $value }»; tem de ser S (Sul) ou N (Norte).
explain-bad_result = { $tag } vale «{ $value }»; tem de ser 1-0, 0-1, 1/2-1/2 ou *.
explain-bad_termination = { $tag } vale «{ $value }»; tem de ser resignation, time_forfeit, agreement ou adjudication.
explain-bad_position = { $tag } vale «{ $value }», que não é uma posição (quatro filas de dez números, depois S ou N).
explain-bad_plies = { $tag } vale «{ $value }»; tem de ser um número de jogadas.
explain-result_conflict = o resultado depois das jogadas, { $token }, contradiz o campo Result, { $tag }.
explain-comment_unclosed = um comentário aberto com {"{"} nunca é fechado com {"}"}.
explain-more_than_one_game = o texto contém mais de uma partida; envie um registo de cada vez.
explain-move_after_end = a partida já tinha terminado ({ $loser } tinha perdido: { $termination }), por isso não pode haver mais jogadas.
explain-not_a_move = «{ $token }» não é uma jogada: escreva o nome de uma casa (a1 … j4), ou R:<10 números>/<10 números> para uma redistribuição.
explain-game_not_over = o registo indica { $claimed }, mas a partida não terminou no tabuleiro e nenhum campo Termination diz como acabou.
explain-other_result = o registo indica { $claimed }, mas a partida terminou no tabuleiro com { $actual } ({ $loser } perdeu: { $termination }).
explain-other_final_position = o campo FinalPosition não é a posição a que as jogadas chegam.
explain-other_plies = o campo Plies indica { $claimed }, mas o registo tem { $actual ->
        [1] { $actual } jogada
       *[other] { $actual } jogadas
    }.
explain-rearrangement_not_allowed = uma redistribuição (R:) só é permitida como primeira jogada de cada jogador na variante Perito.
explain-rearrangement_total = a redistribuição coloca { $found ->
        [1] { $found } pedra
       *[other] { $found } pedras
    }, mas { $side } tem { $expected }.
explain-other_players_hole = { $hole } é uma casa do { $owner }, mas quem joga é o { $to_move }.
explain-too_few_stones = { $hole } { $count ->
        [0] está vazia
        [1] tem 1 pedra
       *[other] tem { $count } pedras
    }; uma jogada tem de começar numa casa com pelo menos { $min ->
        [1] { $min } pedra
       *[other] { $min } pedras
    }.
explain-endless = a semeadura a partir de { $hole } nunca acaba (mais de { $laps } voltas): uma jogada sem fim é ilegal.
manage-import-csv-placeholder = Ana Kiala,1850,Clube Kiela,Luanda
error-title-401 = É preciso entrar
error-title-409 = Agora não é possível
error-title-415 = Tipo de conteúdo errado
error-title-422 = Algo a corrigir
prizes-currency = Moeda
prizes-goods = Prémio em espécie
prizes-shared-by = Partilhado por
stage-final = Final
stage-semi-final = Meias-finais
stage-quarter-final = Quartos de final
stage-round-of = { $players ->
        [16] Oitavos de final
       *[other] Eliminatória de { $players }
    }
stage-winners-final = Final dos vencedores
stage-winners-semi-final = Meias-finais dos vencedores
stage-winners-quarter-final = Quartos de final dos vencedores
stage-winners-round = Ronda { $number } dos vencedores
stage-losers-round = Repescagem, ronda { $number }
stage-losers-final = Final da repescagem
stage-grand-final = Grande final
stage-grand-final-reset = Grande final, segundo encontro
stage-third-place = Terceiro lugar
stage-match = { $stage }, encontro { $number }
home-new-installation = Uma instalação nova
home-first-account = Ainda não há nenhuma conta aqui. A primeira conta criada fica a administrar esta instalação: cria torneios, dá papéis às outras contas e carrega o cadastro da federação.
home-create-first-account = Criar a conta de administração
home-start = Por onde começar
home-first-event = Criar o primeiro torneio
home-demo-event = Experimentar um torneio de demonstração
home-demo-explain = Cria um torneio suíço com 12 jogadores fictícios e as duas primeiras rondas jogadas, para ver cada página antes de um torneio verdadeiro.
home-demo-name = Torneio de demonstração
home-day-title = Um dia de torneio
home-day-players = Inscreva os jogadores (um a um, ou um ficheiro CSV) e marque quem chegou.
home-day-pair = Emparelhe a ronda, verifique-a e publique-a.
home-day-slips = Imprima as fichas dos jogadores (cada uma com a ligação pessoal e o seu código QR) e as folhas de registo das mesas.
home-day-results = Os jogadores enviam os registos pelo telemóvel, ou o árbitro introduz os resultados; a classificação acompanha cada resultado final.
home-day-next = Quando todas as mesas terminarem, emparelhe a ronda seguinte.
home-running = A decorrer
home-upcoming = Inscrições abertas
home-finished = Terminados há pouco
home-all-events = Todos os torneios
board-played = jogada daqui
board-sown = semeada
board-relay = continuação
board-last = última pedra
board-captured = capturada
board-legend-captured = as casas do adversário esvaziadas pela captura
replay-moves = Jogadas
replay-steps = Percorrer a partida
board-stones = { $count ->
        [1] { $count } pedra
       *[other] { $count } pedras
    }
replay-sow-again = Mostrar de novo a semeadura
replay-animation-off = Desligar a animação
replay-animation-on = Ligar a animação
bracket-side-winners = Quadro dos vencedores
bracket-side-losers = Repescagem
bracket-side-finals = Finais
player-note = Nota
event-utc-offset = Hora local
event-utc-offset-hint = a do local, para todas as horas mostradas
event-utc-offset-default = a da instalação (UTC{ $offset })
error-utc_offset_invalid = A hora local é uma diferença para UTC como +01:00, de -12:00 a +14:00.
trf-at-line = Linha { $line }:
trf-at-column = Linha { $line }, coluna { $column }:
trf-empty = o ficheiro está vazio.
trf-not-trf = isto não é um ficheiro TRF: nenhuma linha começa por um código TRF como 012 ou 001.
trf-no-players = o ficheiro não tem linhas de jogadores (001).
trf-team = `{ $found }` é um registo de torneio colectivo: só se importam torneios individuais.
trf-rounds = o número de rondas deve ser um número, não `{ $found }`.
trf-initial-colour = a cor inicial deve ser W ou B, não `{ $found }`.
trf-points-system = o sistema de pontos deve ter códigos de resultado (W, D, L, A, P), cada um seguido dos seus pontos, como 1.0, não `{ $found }`.
trf-pairing-number = o número de emparelhamento (colunas 5–8) deve ser um número de 1 a 9999, não `{ $found }`.
trf-pairing-number-repeated = o número de emparelhamento { $number } está dado a dois jogadores.
trf-rating = o Elo (colunas 49–52) deve ser um número ou ficar em branco, não `{ $found }`.
trf-points = os pontos (colunas 81–84) devem ser uma pontuação como 4.5, não `{ $found }`.
trf-opponent = ronda { $round }: o adversário deve ser um número de emparelhamento ou 0000, não `{ $found }`.
trf-no-such-opponent = ronda { $round }: o adversário { $opponent } não tem linha de jogador.
trf-plays-himself = ronda { $round }: um jogador não pode jogar contra si mesmo.
trf-colour = ronda { $round }: a cor deve ser w, b ou -, não `{ $found }`.
trf-result = ronda { $round }: o resultado deve ser um de 1 = 0 + - W D L H F U Z, não `{ $found }`.
trf-bye-with-opponent = ronda { $round }: `{ $found }` é uma isenção e não pode ter adversário (escreva 0000).
trf-no-result = ronda { $round }: o jogo não tem resultado (1, =, 0, + ou -).
trf-game-without-colour = ronda { $round }: um jogo jogado no tabuleiro precisa de uma cor (w ou b).
trf-games-disagree = ronda { $round }: o jogador { $player } e o jogador { $opponent } não coincidem sobre o seu jogo.
trf-bye-line = uma linha de isenções (240) deve dar F, H ou Z, um número de ronda e números de emparelhamento, não `{ $found }`.
trf-warning-latin1 = o ficheiro não está em UTF-8 e foi lido como Latin-1 (Windows-1252)
trf-warning-line-not-kept = linha { $line }: uma linha `{ $found }` é lida mas não guardada
trf-warning-date = linha { $line }: `{ $found }` não é uma data (AAAA/MM/DD) e não é guardada
trf-warning-player-count = o ficheiro diz { $written ->
        [1] { $written } jogador
       *[other] { $written } jogadores
    } (062) mas tem { $found ->
        [1] { $found } linha
       *[other] { $found } linhas
    } de jogadores
trf-warning-absence-scored = jogador { $player }: as rondas { $rounds } estão em branco e valem { $points } ao todo, como diz o total escrito do jogador
trf-warning-total-disagrees = jogador { $player }: o ficheiro dá { $written ->
        [1] { $written } ponto
       *[other] { $written } pontos
    }, os resultados somam { $computed }
trf-warning-birth-date = linha { $line }: `{ $found }` não é uma data de nascimento (AAAA/MM/DD) e não é guardada
trf-warning-format = o tipo de torneio `{ $found }` não pode ser continuado aqui; as suas rondas ficam como rondas suíças
trf-warning-points = pontos de uma ausência, de uma derrota por falta de comparência ou de uma isenção diferentes dos de um jogo não são guardados
trf-warning-tiebreak = o critério de desempate `{ $found }` não é conhecido aqui e não é guardado
trf-warning-bye = jogador { $player }: a isenção de um ponto marcada para a ronda { $round } não é guardada (dê-a ao emparelhar)
flash-event-imported-warnings = O torneio foi importado. O histórico do torneio indica o que verificar: o que o ficheiro contém e não pôde ser guardado, e os jogadores que a federação já conhece ou pode conhecer.
import-file = Ficheiro TRF
import-paste = Ou cole o texto do ficheiro
import-kept = Guarda-se do ficheiro: nome, cidade, datas, rondas, cor inicial, sistema de pontos, critérios de desempate, jogadores (com sexo, título, federação, id FIDE e ano de nascimento), todos os resultados, desistências, isenções marcadas para a ronda seguinte e se o torneio está terminado. O ficheiro pode estar em UTF-8 ou Latin-1.
error-unknown_fields = O pedido tem um campo que este endereço não conhece.
error-unknown_fields-named = Este endereço não tem o campo { $fields }.
error-invalid_parameter = Um parâmetro do endereço não é válido.
error-invalid_parameter-named = `{ $name }` deve ser um número inteiro a partir de 1 (per_page: { $max } no máximo).
trf-warning-columns-in-bytes = linha { $line }: as colunas estão contadas em bytes, não em caracteres, e foi lida assim
trf-pairing-number-beyond = o número de emparelhamento { $number } passa das { $players ->
        [1] { $players } linha
       *[other] { $players } linhas
    } de jogadores: os números vão de 1 ao número de jogadores.
trf-too-many-rounds = um ficheiro pode ter no máximo { $max ->
        [1] { $max } ronda
       *[other] { $max } rondas
    }.
trf-forbidden-line = uma linha de emparelhamentos proibidos (260) deve dar duas rondas e números de jogadores do ficheiro, não `{ $found }`.
trf-too-many-forbidden-pairs = as linhas de emparelhamentos proibidos (260) proíbem mais de { $max } emparelhamentos.
trf-too-many-players = um torneio pode ter no máximo { $max ->
        [1] { $max } jogador
       *[other] { $max } jogadores
    }.
error-too_many_players = Um torneio aceita no máximo 4000 jogadores.
manage-players-search = Procurar um jogador
manage-players-search-submit = Procurar
manage-players-search-clear = Todos os jogadores
manage-players-shown = { $found } de { $total ->
        [1] { $total } jogador
       *[other] { $total } jogadores
    }
manage-players-pages = Páginas da lista de jogadores
manage-players-previous = Anterior
manage-players-next = Seguinte
manage-players-page = Página { $page } de { $pages }
standings-results = Resultados contados: { $count }
standings-updating = Os resultados mais recentes estão a ser contados; a tabela vai incluí-los dentro de instantes.
nav-registry = Jogadores
registry-title = Jogadores da federação
registry-search-label = Nome ou n.º na federação
registry-search-button = Procurar
registry-search-hint = Sem contar acentos, maiúsculas e grafia: «kiluangi ucuma» encontra Kiluanji Ukuma.
registry-none = Nenhum jogador registado corresponde a «{ $q }».
registry-events = Torneios
registry-games-played = Partidas jogadas (em todos os torneios)
registry-games-rated = { $count ->
    [1] { $count } conta para o Elo
   *[other] { $count } contam para o Elo
}
registry-games = Partidas
registry-no-games = Ainda nenhuma partida terminada.
registry-head-to-head = Confronto directo
registry-against-label = Adversário (nome ou n.º na federação)
registry-all-games = Todas as partidas
registry-tally = Contra { $name }: vitórias { $wins }, empates { $draws }, derrotas { $losses }.
manage-add-player-registry-hint = Alguém já registado: indique o n.º na federação (procure em Jogadores; com JavaScript, escrever o nome sugere-o) e o cadastro preenche o que deixar em branco. Sem ele, é registada uma nova pessoa.
flash-player-added-registered = O jogador foi adicionado como uma nova pessoa, mas alguém registado tem um nome que pode ser o seu: se for a mesma pessoa, remova esta inscrição e inscreva-a pelo n.º na federação (veja Jogadores).
flash-player-added-other-name = O jogador foi adicionado, mas o n.º na federação indicado pertence a um jogador registado com outro nome: verifique o número (veja Jogadores).
error-event_in_rating_list = O torneio já está na lista nacional Elo.
error-event_not_finished = O torneio ainda não terminou: só um torneio terminado entra na lista nacional Elo.
error-event_not_rated = O torneio não conta para o Elo: o organizador tem de o marcar primeiro.
audit-event_rated = torneio incluído na lista nacional Elo
event-rated = Conta para o Elo: as partidas entram na lista nacional
nav-ratings = Elo
ratings-title = Lista nacional Elo
ratings-as-of = Em { $date }.
ratings-explained = Glicko-2, a partir das partidas verificadas dos torneios que contam para o Elo, um período por mês; as faltas de comparência não contam.
ratings-date = Na data
ratings-everyone = Todos
ratings-born-from = Nascido em ou depois de
ratings-born-to = Nascido em ou antes de
ratings-show = Mostrar
ratings-none = Ninguém consta da lista com estes filtros.
ratings-deviation = Desvio
ratings-volatility = Volatilidade
ratings-games = Partidas contadas
ratings-trend = Última variação
ratings-provisional = provisório
ratings-provisional-hint = Menos de 10 partidas contadas: o Elo ainda é incerto.
registry-rating-history = Evolução do Elo
registry-period = Período
event-rating-title = Relatório Elo
event-rating-in-list = Na lista Elo, período { $period }: { $games ->
        [1] { $games } partida contada
       *[other] { $games } partidas contadas
    }.
event-rating-before = Antes
event-rating-after = Depois
event-rating-change = Variação
event-rating-waiting = O torneio conta para a lista Elo; um administrador da federação inclui-o quando terminar.
event-rating-not-rated = O torneio não conta para a lista Elo.
event-rating-put = Incluir o torneio na lista Elo
flash-event-rated = O torneio está na lista Elo.
error-merge_same_event = Os dois estão inscritos no mesmo torneio, portanto são duas pessoas:
error-merge_same_person = É a mesma pessoa.
error-registry_player_unknown = Nenhum jogador registado tem esse n.º na federação.
audit-registry_merged = jogadores registados fundidos
registry-merged-ids = Também conhecido como
registry-merge-title = Fundir
registry-proposals-title = O que as inscrições dizem de outra maneira
registry-proposals-hint = Uma inscrição (de um organizador, ou do arquivo de um local de jogo) deu a esta pessoa outros dados que os do cadastro. O cadastro mantém os seus até aceitar os de uma inscrição: os dados em branco da inscrição deixam os do cadastro como estão.
registry-proposal-take = Aceitar estes dados
registry-proposal-leave = Deixá-los
registry-merge-hint = Duas entradas do cadastro que são uma só pessoa: fundir passa todos os torneios, partidas e Elo de uma para a outra, e o n.º antigo na federação passa a levar aqui. Fica no histórico de alterações de cada torneio envolvido.
registry-merge-here = Fundir neste jogador
registry-merge-into = Fundir este jogador no n.º na federação
registry-merge-button = Fundir
flash-registry-merged = As duas entradas são agora um só jogador.
circuit-rule = Os { $qualifiers } primeiros de cada apuramento vão à final.
circuit-points = Pontos por lugar:
circuit-events = Apuramentos
circuit-not-counted = por terminar: ainda não conta
circuit-final = Final
circuit-standings = Classificação do circuito
circuit-no-results = Ainda nenhum apuramento terminou.
circuit-played = Apuramentos jogados
circuit-best = Melhor lugar
circuit-fill-final = Inscrever os qualificados na final ({ $event })
circuit-fill-final-hint = Só os organizadores da final o podem fazer; quem já está inscrito não é inscrito duas vezes.
flash-circuit-final-filled = Os qualificados foram inscritos na final.
circuit-qualified = Apurados para a final
error-circuit_events_invalid = Indique os apuramentos do circuito (1 a 100 torneios existentes) e uma final que não seja um deles.
error-circuit_points_invalid = A tabela de pontos tem de 1 a 200 números de 0 a 10 000, para o 1.º, 2.º, … lugar.
error-circuit_without_final = O circuito não tem final a preencher.
circuit-new = Novo circuito
circuit-new-hint = Um circuito agrupa os apuramentos de uma época: cada apuramento terminado dá aos seus lugares os pontos da tabela, e os primeiros de cada um vão à final.
circuit-points-field = Pontos do 1.º, 2.º, … lugar
circuit-qualifiers-field = Jogadores de cada apuramento que vão à final
circuit-order-hint = Marque os apuramentos e, se quiser, a ordem de cada um (1 primeiro). A ordem decide quem fica com a vaga quando um jogador se apura em dois: o primeiro apuramento fica com ele e o seguinte passa a vaga ao lugar seguinte. Os apuramentos sem número vêm depois dos numerados; números iguais, e os sem número, contam pela data de início.
circuit-order-invalid = A ordem de um apuramento é um número inteiro de 1 a 1000.
circuit-order-field = Ordem
circuit-no-final = Sem final
circuit-create = Criar o circuito
flash-circuit-created = O circuito foi criado.
manage-import-registry = Os jogadores foram importados. Linhas inscritas como o jogador registado que o n.º na federação indica: { $matched }. Verifique estas linhas no histórico e corrija o n.º na federação de uma inscrição no seu formulário:
manage-import-registry-possible_same_person = inscrito como nova pessoa, mas pode ser
manage-import-registry-other_name = o n.º na federação pertence a
trf-warning-registry-matched = { $count ->
        [1] { $count } jogador está
       *[other] { $count } jogadores estão
    } inscritos como a pessoa registada que o seu n.º na federação (linha XKF) indica
trf-warning-registry-other-name = jogador { $player }: o n.º na federação { $federation_id } pertence a { $name }; a inscrição fica com os dados do ficheiro (corrija o n.º no seu formulário)
trf-warning-registry-possible-same-person = jogador { $player }: inscrito como nova pessoa, mas pode ser { $name } ({ $federation_id })
error-event_not_in_rating_list = O torneio não está na lista Elo.
error-event_rated_in_list = O torneio está na lista Elo: um administrador da federação retira-o antes de deixar de contar.
audit-event_unrated = torneio retirado da lista Elo
event-rating-take-out = Retirar o torneio da lista Elo
event-rating-take-out-hint = O seu mês e os seguintes são calculados de novo sem ele.
flash-event-unrated = O torneio saiu da lista Elo; a lista foi calculada de novo sem ele.
event-rating-would-count = Tal como o torneio está agora, { $games ->
        [1] conta 1 partida
       *[other] contam { $games } partidas
    } para a lista Elo.
event-rating-left-out-title = { $games ->
        [1] { $games } partida que não conta
       *[other] { $games } partidas que não contam
    }
event-rating-left-out-why = Porquê
rating-left-out-forfeit = Decidida por falta de comparência: as faltas de comparência não contam.
rating-left-out-no_record = Um resultado sem registo verificado (importado de um ficheiro TRF, por exemplo): só contam as partidas verificadas aqui ou decididas por um árbitro.
rating-left-out-not_registered = Um dos jogadores não está no cadastro da federação.
rating-left-out-not_final = A partida não tem resultado final.
rating-left-out-venue_decision = Uma decisão do árbitro no local de jogo sem registo: só conta quando esta instalação o disser (abaixo).
event-rating-held-title = Alterações à espera da federação
event-rating-held-hint = Depois de o torneio entrar na lista, estas partidas mudaram (um resultado corrigido, uma inscrição que passou a ser de outra pessoa). A classificação do torneio já as conta; a lista Elo continua a contar as partidas como entraram até um administrador da federação aceitar as alterações.
event-rating-held-listed = Na lista
event-rating-held-now = Agora
event-rating-held-none = não conta
event-rating-accept = Aceitar as alterações e calcular a lista de novo
flash-rating-changes-accepted = As alterações foram aceites e a lista calculada de novo.
audit-rating_change_held = alteração retida para a lista Elo
audit-rating_changes_accepted = alterações aceites na lista Elo
error-rating_nothing_held = Não há alterações deste torneio à espera.
explain-no_game = nenhuma partida encontrada: o texto está vazio, ou só tem linhas em branco e comentários.
export-kgn-no-game = Nenhuma partida deste torneio terminou ainda.
event-standings-sheet = Classificação (folha de cálculo)
csv-for-programs = CSV para programas
word-yes = sim
word-no = não
prizes-sheet = Folha de cálculo
ratings-sheet = Descarregar para folha de cálculo
scoresheets-continued = continuação
scoresheets-more = Folhas de continuação a partir do n.º { $from }, para uma partida mais longa
error-club_empty = Indique o seu clube.
register-as = Inscreve-se como { $name }; o organizador confirma a sua inscrição.
register-optional = opcional
register-hint = O clube é obrigatório; o resto ajuda o organizador a ordená-lo e a colocá-lo nas categorias de prémios.
error-person_already_entered = Esta pessoa (pelo n.º na federação) já está inscrita neste torneio.
review-title = Análise do motor
review-graph = Avaliação do Sul após cada jogada, em pedras (acima da linha o Sul está à frente; uma vitória provada fica no limite)
review-hint = Aqui o motor jogaria { $move }.
review-costly = As jogadas que mais perderam
review-costly-move = Jogada { $ply }: { $move } (motor: { $best }), { $stones ->
        [1] { $stones } pedra perdida
       *[other] { $stones } pedras perdidas
    }
review-pending = O motor analisa esta partida em segundo plano; o gráfico aparece aqui quando terminar.
event-adjudication = Adjudicação pelo motor
event-adjudication-margin = Margem (pedras)
event-adjudication-margin-hint = Um lado com esta vantagem em pedras é proposto como vencedor; 0: só uma vitória que o motor prove.
event-adjudication-otherwise = Caso contrário
adjudication-otherwise-arbiter = o árbitro decide
adjudication-otherwise-draw = propõe-se um empate
adjudication-title = Adjudicação
adjudication-help = Indique as jogadas feitas quando a partida parou; o motor analisa a posição e propõe um resultado segundo a regra do torneio ({ $rule }). O árbitro confirma-o ou decide outro resultado.
adjudication-rule = { $wins }; caso contrário, { $otherwise }
adjudication-rule-proven = uma vitória que o motor prove
adjudication-rule-margin = uma vitória que o motor prove, ou um lado com { $margin ->
        [1] { $margin } pedra
       *[other] { $margin } pedras
    } de vantagem
adjudication-forced-win = { $side } ganha à força: o adversário fica sem jogadas após { $plies ->
        [1] { $plies } jogada
       *[other] { $plies } jogadas
    }.
adjudication-level = Nenhum lado está à frente.
adjudication-ahead = { $side } tem { $stones ->
        [1] { $stones } pedra
       *[other] { $stones } pedras
    } de vantagem.
adjudication-figures = Após { $plies ->
        [1] { $plies } jogada
       *[other] { $plies } jogadas
    }: análise até à profundidade { $depth }, { $nodes } posições em { $millis } ms; o motor jogaria { $best }.
adjudication-undecided = Nenhum lado ganha à força nem tem { $margin ->
        [1] { $margin } pedra
       *[other] { $margin } pedras
    } de vantagem: decida o resultado.
adjudication-proposed = Resultado proposto
adjudication-confirm = Confirmar o resultado proposto
adjudication-override = Decidir outro resultado
adjudication-old = Esta proposta era para a partida tal como estava antes; peça de novo ao motor.
adjudication-moves = Jogadas feitas (KGN)
adjudication-ask = Pedir ao motor
flash-adjudication-proposed = O motor propôs um resultado: confirme-o ou decida outro.
error-game_over_on_board = Esta partida terminou no tabuleiro: envie o registo em vez de pedir uma adjudicação.
error-adjudication_margin_invalid = A margem de adjudicação deve ser um número inteiro de pedras de 0 a 99.
error-adjudication_fallback_unknown = O que acontece abaixo da margem deve ser "arbiter" ou "draw".
error-adjudication_stale = A partida mudou desde a proposta do motor: peça de novo ao motor.
error-adjudication_undecided = O motor não propõe resultado aqui: escolha um.
adjudication-score-win = vitória em { $count ->
        [1] { $count } jogada
       *[other] { $count } jogadas
    }
adjudication-score-loss = derrota em { $count ->
        [1] { $count } jogada
       *[other] { $count } jogadas
    }
adjudication-score-stones = diferença de pedras { $count }
audit-adjudication_proposed = proposta de adjudicação do motor
audit-detail-adjudication_proposed = após { $plies ->
        [1] { $plies } jogada
       *[other] { $plies } jogadas
    }, { $to_move } a jogar: { $score } (profundidade { $depth }, { $nodes } posições, { $millis } ms, jogada do motor { $best }; margem { $margin }) → proposto { $proposed }
audit-detail-adjudicated = { $result } por adjudicação (proposta do motor: { $proposed }){ $reason }
practice-title = Treinar contra o motor
practice-intro = Jogue uma partida contra o motor, com a força que escolher. Não precisa de conta; nada é guardado. Descarregue o registo a qualquer momento para o guardar ou estudar.
practice-level = Nível { $level }
practice-strength = Força
practice-side = O seu lado
practice-side-south = Sul (joga primeiro)
practice-side-north = Norte (o motor joga primeiro)
practice-start = Começar a partida
practice-new = Uma nova partida
practice-event = Treino
practice-engine-last = a última jogada do motor
practice-you = Você
practice-engine-name = Motor Kiela (nível { $level })
practice-engine-played = O motor jogou { $move }.
practice-engine-move = Deixar o motor jogar
practice-your-move = A sua jogada: escolha uma das suas casas no tabuleiro.
practice-download = Descarregar o registo (KGN)
error-practice_level_invalid = A força deve ser um nível de 1 a 5.
error-practice_move_illegal = Essa jogada não se pode fazer nesta posição.
error-practice_not_your_turn = Não é a sua vez.
error-practice_too_long = Uma partida de treino tem no máximo 2000 jogadas.
nav-practice = Treinar
review-costly-win-lost = Jogada { $ply }: { $move } (motor: { $best }) deixou fugir uma vitória forçada
review-costly-loss-allowed = Jogada { $ply }: { $move } (motor: { $best }) permitiu uma derrota forçada
audit-nothing-proposed = nada (o árbitro decide)

# Event archives
archive-import-title = Importar um torneio de um local de jogo
archive-import-intro = Um torneio jogado noutra instalação (o portátil de um local de jogo) chega aqui como o seu arquivo (FICHEIRO.kiela): cada registo é verificado de novo e cada inscrição é identificada neste cadastro da federação. Vê as correspondências antes de qualquer coisa ser gravada.
archive-file = O arquivo do torneio (.kiela)
archive-file-again = O mesmo arquivo outra vez (os navegadores não guardam o ficheiro escolhido)
archive-review-submit = Rever
archive-import-submit = Importar
archive-import-kept = Nada é gravado antes de importar. O torneio fica depois só de leitura aqui, tal como o local de jogo o conduziu; um arquivo posterior do mesmo torneio actualiza-o no mesmo sítio.
archive-review-title = Revisão
archive-review-event = Torneio
archive-review-installation = Jogado em
archive-review-contents = Conteúdo
archive-review-counts = { $players ->
        [1] { $players } jogador
       *[other] { $players } jogadores
    }, { $rounds ->
        [1] { $rounds } ronda
       *[other] { $rounds } rondas
    }, { $games ->
        [1] { $games } partida
       *[other] { $games } partidas
    } ({ $records ->
        [1] { $records } registo verificado
       *[other] { $records } registos verificados
    } de novo), { $submissions ->
        [1] { $submissions } registo submetido
       *[other] { $submissions } registos submetidos
    }
archive-review-action = Importação
archive-action-created = um torneio novo
archive-action-updated = actualiza o torneio importado antes
archive-action-unchanged = o mesmo arquivo da última vez: nada muda
archive-action-held = altera o que foi importado antes: fica retido até confirmar as alterações abaixo
archive-review-signed = Assinado com a chave do local de jogo
archive-changes-title = { $count ->
    [1] Este arquivo altera { $count } coisa importada antes:
   *[other] Este arquivo altera { $count } coisas importadas antes:
}
archive-changes-hint = Rondas e resultados novos são o torneio a avançar; isto não. Pergunte ao local de jogo porquê antes de as confirmar.
archive-changes-confirm = Confirmo estas alterações
archive-decisions-title = { $count ->
    [1] { $count } resultado assenta numa decisão do árbitro sem registo:
   *[other] { $count } resultados assentam numa decisão do árbitro sem registo:
}
archive-decisions-hint = Nenhum registo foi verificado de novo para eles: a lista Elo só os conta quando esta instalação o disser, na página Elo do torneio.
archive-change-place = Ronda { $round }, mesa { $board }, partida { $game }
archive-change-entry-changed = A inscrição { $entry } era { $before } e é agora { $after }.
archive-change-entry-gone = A inscrição { $entry }, { $before }, já não está no torneio.
archive-change-game-players = { $place }: a partida era { $before } e é agora { $after }.
archive-change-result = { $place }: o resultado era { $before } e é agora { $after }.
archive-change-result-decision = { $place }: o resultado era { $before }, com registo, e é agora { $after }, uma decisão do árbitro sem registo.
archive-change-game-gone = { $place }: a partida já não está no torneio.
archive-change-round-gone = A ronda { $round } já não está no torneio.
archive-change-no-result = sem resultado
archive-review-id = Identificador no arquivo
archive-review-match = Pessoa neste cadastro
archive-match-new = Uma pessoa nova
archive-match-same_person = o mesmo identificador nacional e o mesmo nome aqui
archive-match-other_name = este identificador nacional está registado aqui com outro nome
archive-match-local_id = um identificador local de um local de jogo
archive-match-unknown_id = um identificador que este registo não tem
archive-match-no_id = sem identificador
archive-warning-paired-differently = A ronda { $round } foi emparelhada de outra forma do que o sistema holandês a emparelha (a organização pode emparelhar à mão).
archive-warning-corrected-since = Um resultado da ronda { $rounds } foi corrigido: se foi depois de esta ronda ser emparelhada, é essa a razão (esta verificação emparelha os resultados como estão agora).
pairing-difference-pairs = o ficheiro emparelha { $file }; o sistema holandês emparelha { $dutch }
pairing-difference-first-move = { $first } joga primeiro contra { $second } no ficheiro, em segundo pelo sistema holandês
pairing-difference-bye = a isenção vai para { $file } no ficheiro, para { $dutch } pelo sistema holandês
pairing-difference-none = o sistema holandês não encontra emparelhamento: { $why }
pairing-nobody = ninguém
list-and = e
archive-fault-game = Ronda { $round }, mesa { $board }:
archive-fault-round = Ronda { $round }:
flash-archive-imported = O torneio foi importado.
event-imported-from = Jogado em { $installation }; este é o seu registo, só de leitura aqui.
audit-archive_imported = importado do arquivo de um local de jogo
audit-archive_held = arquivo de um local de jogo à espera de confirmação
audit-archive_refused = arquivo retido de um local de jogo recusado
audit-event_handed_over = entregue a outro organizador
audit-decisions_rated = as decisões do local de jogo e a lista Elo
audit-result_held = resultado retido até o público ver a última jogada
error-event_imported = Este torneio foi importado da instalação que o conduziu: aqui é só de leitura.
error-archive_malformed = O ficheiro não é um arquivo de torneio que esta instalação leia.
error-archive_too_large = O arquivo é demasiado grande.
error-archive_unsigned = O arquivo não está assinado pela instalação que realizou o torneio: exporte-o de novo a partir de uma instalação actualizada.
error-archive_signature_invalid = O arquivo não é o que a sua instalação assinou: foi alterado depois de escrito.
error-venue_not_approved = A chave de assinatura do local de jogo ainda não foi aprovada aqui: o administrador desta instalação aprova-a depois de comparar a impressão digital com a do local.
error-venue_key_mismatch = O arquivo está assinado por outra chave que não a do local de jogo: só o local que realizou o torneio o escreve aqui.
error-event_withdrawn = Um administrador retirou este torneio desta instalação: fale com ele antes de o enviar de novo.
error-event_held_by_other = Outro organizador detém este torneio aqui: peça a um administrador que lho entregue.
error-registry_file_at_federation = O servidor da federação guarda ele próprio o cadastro nacional: um ficheiro do cadastro carrega-se num local de jogo.
error-fingerprint_wrong = Essa não é a impressão digital da chave registada para este local de jogo.
error-nothing_held = Nenhum arquivo deste torneio está à espera de confirmação.
error-event_not_imported = Este torneio foi realizado aqui, não importado de um local de jogo.
error-not_an_organiser = Essa conta não pode deter torneios: dê-lhe primeiro o papel de organizador.
error-no_phone_address = Esta página foi aberta como o próprio portátil: um telemóvel não consegue abrir os seus endereços.
error-archive_version = O arquivo foi escrito por uma versão posterior do programa: actualize primeiro esta instalação.
archive-detail-too_large = mais de { $mb } MB
archive-detail-as_read = { $at }
archive-detail-not_the_format = o documento não é um { $format }
archive-detail-version_unsigned = versão 1, escrita antes de os arquivos serem assinados: exporte-o de novo numa instalação actualizada
archive-detail-version_later = versão { $version }; esta instalação lê a versão { $reads }
archive-detail-no_version = nenhuma versão que esta instalação leia
archive-detail-no_signature = o arquivo não traz assinatura
archive-detail-not_a_key = signature.key não é uma chave
archive-detail-not_signed_by = o conteúdo não é o que a chave { $fingerprint } assinou
archive-detail-settings = definições: { $error }
archive-detail-not_an_installation_code = installation.id não é o código de uma instalação
archive-detail-entry_unnamed = inscrição { $number }: sem nome, ou sem número de emparelhamento
archive-detail-entry_out_of_range = inscrição { $number }: uma ronda, cabeça de série, Elo ou ano fora dos limites
archive-detail-number_twice = número de emparelhamento { $number } duas vezes
archive-detail-entry_federation_id = inscrição { $number }: identificador da federação
archive-detail-federation_id_twice = identificador da federação { $id } em duas inscrições
archive-detail-entry_tags = inscrição { $number }: etiquetas
archive-detail-unknown_number = número de emparelhamento { $number }
archive-detail-bye_round = uma isenção na ronda { $round }
archive-detail-two_byes = duas isenções do número de emparelhamento { $number } na ronda { $round }
archive-detail-round_not_due = ronda número { $number } onde devia vir a { $due }
archive-detail-swiss_rounds = rondas suíças emparelhadas: { $paired }, previstas: { $planned }
archive-detail-round_number = ronda número { $number }
archive-detail-match_outside_knockout = um encontro de várias partidas fora de uma eliminatória
archive-detail-plays_round_not_in = o número de emparelhamento { $number } joga uma ronda em que não estava
archive-detail-two_games_one_board = duas partidas na mesma mesa
archive-detail-board_out_of_range = uma mesa, partida do encontro ou duração fora dos limites
archive-detail-twice_in_round = número de emparelhamento { $number } duas vezes na ronda
archive-detail-against_themself = um jogador contra si próprio
archive-detail-decision_not_logged = uma decisão do árbitro que o histórico não tem
archive-detail-correction_not_logged = uma correcção sem o seu motivo ou sem a sua linha no histórico
archive-detail-record_without_players = um registo para uma partida sem dois jogadores
archive-detail-result_unfounded = um resultado sem o seu registo nem uma decisão do árbitro
archive-detail-sent_by_outsider = registo { $record } enviado por alguém que não joga a partida
archive-detail-sent_without_players = um registo enviado para uma partida sem dois jogadores
archive-detail-sent_refused_yet_verifies = registo { $record } enviado: recusado lá, e no entanto é válido
archive-detail-sent_does_not_verify = registo { $record } enviado: não é válido
archive-detail-sent_verdict = registo { $record } enviado: o seu veredicto
archive-detail-sent_result = registo { $record } enviado: o seu resultado
archive-detail-log_state = histórico: { $state } não é um estado de { $action }
archive-detail-record_not_stood_behind = o registo da partida não é nenhum dos confirmados
archive-detail-sent_digest = registo { $record } enviado: a sua impressão digital
archive-detail-sent_size = registo { $record } enviado: o seu tamanho
archive-detail-set_aside_does_not_verify = registo { $record } enviado, posto de parte: não é válido
archive-detail-illegal = { $reason }
archive-detail-illegal_at = { $reason } (jogada { $ply })
archive-detail-stated_plies = o número de jogadas indicado não é o do registo
archive-detail-stated_position = a posição final indicada não é a do registo
archive-detail-stated_status = o estado indicado não é o do registo
archive-detail-stated_result = o resultado indicado não é o do registo
archive-detail-stated_result_before = o resultado antes da correcção indicado não é o do registo
archive-detail-stated_ending = o fim indicado não é o do registo
archive-detail-line_break = { $field }: uma quebra de linha
archive-detail-too_long = { $field }: demasiado longo, ou com um carácter de controlo
archive-detail-prize_fund = fundo de prémios: { $problem }
error-archive_player_unknown = O arquivo nomeia um jogador que não está inscrito.
error-archive_player_twice = O arquivo tem um jogador duas vezes onde só pode estar uma.
error-archive_record_illegal = Um registo do arquivo não passa na verificação.
error-archive_result_disagrees = Um resultado do arquivo não condiz com o seu registo.
error-archive_round_invalid = As rondas ou as mesas do arquivo não batem certo.
error-archive_own_event = Este arquivo foi escrito por esta instalação: o seu torneio já está aqui.
error-registry_file_invalid = O ficheiro não é um ficheiro de registo que esta instalação leia.
error-federation_not_configured = Esta instalação não está ligada a uma federação (federation_url e federation_token na configuração).
error-federation_refused = A federação recusou o torneio:
error-federation_unreachable = Não foi possível contactar a federação; o torneio é enviado de novo quando for possível:
manage-archive = Arquivo (.kiela)
push-title = Publicado na federação
push-federation = Federação
push-last = Recebido pela última vez
push-state = Agora
push-pending = alterações à espera de envio
push-retrying = não foi possível contactar a federação ({ $failures ->
        [1] { $failures } tentativa
       *[other] { $failures } tentativas
    }); é enviado de novo quando for possível
push-up-to-date = a federação tem o torneio tal como está
push-refused = a federação recusou o torneio tal como está: não é enviado de novo até o torneio mudar ou até o enviar de novo
push-held = a federação retém as últimas alterações até o seu organizador as confirmar (alteram o que recebeu antes)
push-again = Enviar de novo agora
push-advice-token = Verifique federation_token: tem de ser uma chave da API de um organizador na federação, criada na página da conta dele lá.
push-advice-held-by-other = Outro organizador detém este torneio na federação: peça ao administrador dela que o entregue ao organizador cuja chave da API esta instalação usa.
push-advice-not-approved = Leia a impressão digital da chave desta instalação (na página de administração) ao administrador da federação, que a aprova; depois envie de novo.
push-advice-key-mismatch = A federação conhece este local de jogo por outra chave (um portátil instalado de novo?): peça ao administrador que esqueça o local, envie de novo o torneio e faça aprovar a chave nova.
push-advice-withdrawn = O administrador da federação retirou este torneio: fale com ele antes de o enviar de novo.
push-advice-in-rating-list = O torneio está na lista Elo da federação: o administrador retira-o antes de poder mudar lá.
push-advice-archive = A federação recusou o conteúdo do arquivo (a resposta diz onde): é enviado de novo com a próxima alteração do torneio.
push-advice-other = Pergunte ao administrador da federação: o torneio é enviado de novo com a próxima alteração, ou quando o enviar de novo.
imported-title = Do local de jogo
imported-held = O local de jogo enviou em { $at } um arquivo posterior que altera o que foi importado antes:
imported-held-accept = Aceitar estas alterações
imported-held-refuse = Recusá-las
imported-decisions-count = Contar na lista Elo as decisões do local de jogo sem registo
imported-decisions-save = Guardar
imported-admin = Administração
imported-hand-over-email = Entregar o torneio ao organizador com o endereço de e-mail
imported-hand-over = Entregar
imported-withdraw-hint = Retirar tira o torneio da lista Elo (calculada de novo sem ele) e desta instalação; os arquivos posteriores do local de jogo são recusados até um administrador importar um.
imported-withdraw = Retirar o torneio
imported-withdraw-confirm = Retirar este torneio da instalação?
flash-held-accepted = As alterações do local de jogo foram aceites.
flash-held-refused = As alterações do local de jogo foram recusadas.
flash-handed-over = O torneio foi entregue ao organizador.
flash-event-withdrawn = O torneio foi retirado.
push-answer = A última resposta da federação
push-no-answer = sem resposta
push-hint = O torneio pode ser publicado na federação à medida que decorre: enviado segundos depois de cada alteração, e de novo enquanto a ligação falhar, para o público o acompanhar no sítio nacional.
push-start = Publicar na federação
flash-push-started = O torneio passa a ser publicado na federação.
registry-file = O ficheiro do cadastro da federação
registry-file-load = Carregar
registry-file-hint = O ficheiro de /api/v1/registry/export no sítio da federação: as suas pessoas e classificações Elo nacionais ficam aqui, para que inscrever um jogador pelo identificador nacional preencha os seus dados e o seu Elo sem ligação.
flash-registry-loaded = O cadastro da federação foi carregado: { $added ->
        [1] { $added } pessoa acrescentada
       *[other] { $added } pessoas acrescentadas
    }, { $updated } actualizadas, { $rated ->
        [1] { $rated } Elo nacional
       *[other] { $rated } Elo nacionais
    }.
flash-venue-approved = A chave do local de jogo foi aprovada: os seus arquivos são recebidos a partir de agora.
flash-venue-forgotten = O local de jogo foi esquecido: o seu próximo arquivo regista de novo a chave.
archive-warning-not-checked = Os emparelhamentos de { $players ->
        [1] { $players } jogador
       *[other] { $players } jogadores
    } em { $rounds ->
        [1] { $rounds } ronda
       *[other] { $rounds } rondas
    } não foram refeitos aqui: para isso, use kiela check no ficheiro TRF do torneio.

# Partidas em jogo
play-title = Partida em jogo
play-intro = Toque na casa de onde cada jogador semeia, no momento em que a jogada é feita. Os dois telemóveis, ou um só passado para o outro lado do tabuleiro, mostram a mesma partida; uma jogada enviada duas vezes conta uma vez.
play-own-moves = Toque as suas jogadas no seu próprio telemóvel. Se tocar também as do adversário (um só telemóvel passado para o outro lado do tabuleiro), o registo fica à espera da confirmação do adversário antes de contar.
play-offline = Sem ligação: as jogadas ficam guardadas neste telemóvel e são enviadas assim que a ligação voltar. Em espera:
play-waiting = A enviar…
play-sent = Jogada { $ply } registada.
play-take-back = Anular a última jogada
play-take-back-confirm = Anular a última jogada desta partida?
play-to-game = Voltar à partida
game-play-live = Registar as jogadas à medida que são feitas
flash-move-taken-back = A última jogada foi anulada.
live-round-title = Ronda { $number } em directo
live-round-intro = Todas as mesas da ronda à medida que se joga, actualizadas a cada jogada.
live-round-delay = Os espectadores vêem as jogadas { $minutes ->
        [1] { $minutes } minuto
       *[other] { $minutes } minutos
    } depois de feitas.
live-round-empty = Não há mesas para seguir nesta ronda.
round-live-link = Seguir a ronda em directo
event-live-delay = Atraso público das partidas em jogo (minutos)
event-live-delay-hint = Os espectadores vêem cada jogada estes minutos depois de jogada; os jogadores e a organização vêem-na logo. 0: sem atraso.
error-live_delay_invalid = O atraso é um número inteiro de minutos de 0 a 1440.
error-game_not_in_play = Esta partida não está em jogo: a ronda não foi publicada, já tem registo ou terminou no tabuleiro.
error-illegal_move = Esta jogada não pode ser feita.
error-ply_taken = Já foi feita outra jogada com este número; o tabuleiro mostra a partida como está.
error-ply_not_next = Esta não é a jogada seguinte; o tabuleiro mostra a partida como está.
error-nothing_to_take_back = Não há jogada para anular.
game-status-in_play = em jogo
audit-move_taken_back = jogada anulada
audit-detail-move_taken_back = jogada { $ply } ({ $text })
audit-mail_chosen = mensagens que o torneio envia escolhidas
audit-notice_sent = aviso enviado aos jogadores
audit-message_sent_again = uma mensagem enviada de novo
error-practice_position_in_play = Esta posição está num tabuleiro a ser jogado neste momento: o motor joga-a quando essa partida terminar.
