// One game: the board between the players' chips and clocks, the status, the move list with
// navigation (and the review's marks), the actions, the chat, the dialogs, a finished game's
// computer review (review/) and the analysis panel. useGame owns the game
// from the server; useShownPly the ply shown and its board; this page lays them out.
import { useRef, useState } from 'preact/hooks';
import type { ChatLine } from '../common/api';
import { endText, errorText } from '../common/server_texts';
import { sideName } from '../common/i18n';
import { useDict, useGameMeta, useTexts } from '../common/texts_context';
import { BOARDS, BoardCounters, isFlipped } from '../boards';
import type { Account } from '../account/account_api';
import { FAIR_TEXTS } from '../fair_play/fair_play_texts';
import { ReportDialog } from '../fair_play/report_dialog';
import { AnalysisPanel } from './analysis_panel';
import { ChatPanel } from './chat_panel';
import { ClockChip } from './clock_view';
import { GameActions, RematchButton } from './game_actions';
import { ResignConfirm, ResultDialog } from './game_dialogs';
import { gameRoles } from './game_roles';
import { seatLabel, statusText } from './game_texts';
import { MoveList } from './move_list';
import { PlayerChip, type Seat } from './player_chip';
import { StatusCard } from './status_card';
import { TournamentGameCard } from '../tournaments/tournament_game_card';
import { useGame, type GameState } from './use_game';
import { useShownPly } from './use_shown_ply';
import { useAnimatedView } from './use_animated_view';
import { useGameSounds } from './move_sounds';
import { TableSwitches } from './table_switches';
import { premoveCandidates, premoveMarks, usePremove } from './premove';
import { TABLE_TEXTS } from './table_texts';
import { ReviewPanel } from '../review/review_panel';
import { useGameReview } from '../review/use_game_review';
import { useSideLine } from '../review/use_side_line';
import { SideLinePanel } from '../review/side_line_panel';
import { RecordInfo } from './record_info';
import { useLocalGame, type LocalGameState } from '../offline/use_local_game';
import { LocalGameCard } from '../offline/local_game_card';
import { LocalAnalysis } from '../offline/local_analysis';

// `local`: a game played in this browser (offline/): the same page, fed by the page's own rules
// and engine instead of the server (one page keeps one source: its key names it).
export function GamePage({ id, account, local = false }: { id: string; account?: Account | null; local?: boolean }) {
  const { t } = useTexts();
  const ft = useDict(FAIR_TEXTS);
  const tt = useDict(TABLE_TEXTS);
  const game: GameState & Partial<Pick<LocalGameState, 'record'>> = local ? useLocalGame(id) : useGame(id);
  const { me } = game;
  const { premove, setPremove } = usePremove(game.view, me, game.move);
  // The page draws the game one move at a time: `view` is the state shown, `next` the one a
  // move is being animated to (the computer's reply waits in the queue meanwhile).
  const following = useRef(true);
  const { view, next, anim } = useAnimatedView(game.view, following.current);
  const { shown, setPly, board, ready } = useShownPly(view, game.boards);
  following.current = !view || shown === view.ply;
  useGameSounds(next ?? view, game.chat, me);
  // A game played here has no review or analysis on the server.
  const rv = useGameReview(id, local ? null : view, shown, game.token, game.analysisPush);
  // A finished game, or a record imported for review: any move may be tried from any position.
  const side = useSideLine(view, shown, !!view && (view.status === 'finished' || view.mode === 'review'));
  const gameMeta = useGameMeta(view?.game ?? '');
  const [flipped, setFlipped] = useState<boolean | null>(null);
  const [confirmResign, setConfirmResign] = useState(false);
  const [reportLine, setReportLine] = useState<{ line: ChatLine; username: string } | null>(null);

  if (game.error !== null && !view) return <section class="card"><p class="error" role="alert">{errorText(t, game.error)}</p></section>;
  if (!view || !board) return <section class="card loading">…</section>;

  const roles = gameRoles(view, me, !!game.token, shown);
  // Online, while the opponent is to move, the player's own moves are offered as a premove.
  const latest = game.view ?? view;
  const premoving = view.mode === 'online' && roles.isPlayer && latest.status === 'ongoing' && latest.to_move !== me &&
    shown === view.ply && !!me;
  const shownBoard = side.board ?? (anim && next ? next.board : board);
  const legal = premoving ? premoveCandidates(view.game, shownBoard, gameMeta?.board ?? {}, me!) : roles.canMove ? view.legal : side.legal;
  const onBoardMove = premoving ? (m: string) => setPremove(legal.find((l) => l.move === m) ?? null)
    : roles.canMove ? game.move : side.play;
  const marks = premove ? premoveMarks(premove, me!) : anim || side.state ? undefined : rv.boardMarks;
  const turned = flipped ?? isFlipped(view.game, me);
  // The creator's invite link comes with the state in any of their tabs.
  const invite = view.invite ? `${location.origin}${view.invite}` : sessionStorage.getItem(`oyin.invite.${id}`);
  const seats: Seat[] = [0, 1].map((i) => {
    const side = view.sides[i];
    return { side, who: seatLabel(t, view, me, side), turn: view.status === 'ongoing' && view.to_move === side,
             // Offline, the presence last heard is stale: none is shown until the page is back.
             presence: game.online ? view.presence?.[side] : undefined, player: view.players?.[i] };
  });
  const reason = view.end ? endText(t, view.end, view.sides) : '';
  const status = statusText(t, view, me, roles.mine, reason);
  const Board = BOARDS[view.game]?.Board;
  // A signed-in player may report a line of the other seat's account to the moderators.
  const authorOf = (l: ChatLine) => view.players?.[view.sides.indexOf(l.side)]?.username ?? null;
  const canReport = (l: ChatLine) => {
    const author = authorOf(l);
    return !!account && roles.isPlayer && l.side !== me && !!author && author.toLowerCase() !== account.username.toLowerCase();
  };
  const bar = (seat: Seat, where: 'top' | 'bottom') => (
    <div class={`player-bar ${where}`}>
      <PlayerChip p={seat} />
      <ClockChip view={view} side={seat.side} frozen={!game.online} mine={me === seat.side} />
    </div>
  );

  return (
    <div class={`game-page game-${view.game}`} data-game-id={id} data-status={view.status} data-ply={view.ply}
         data-shown={shown} data-board-ready={ready ? 'yes' : 'no'} data-animating={anim ? 'yes' : 'no'}
         data-anim-ply={anim ? anim.ply : ''} data-online={game.online ? 'yes' : 'no'}
         data-premove={premove ? premoveMarks(premove, me!).join('-') : ''} data-side-line={side.state ? side.state.moves.length : 0}
         data-local={local ? 'yes' : undefined} data-legal={local ? legal.map((m) => m.move).join(' ') : undefined}>
      <section class="board-column">
        <h1 class="sr-only" data-testid="game-heading">
          {(t as Record<string, string>)[view.game] ?? view.game}: {seats.map((s) => `${sideName(t, s.side)}${s.who ? ` (${s.who})` : ''}`).join(' – ')}
        </h1>
        {!game.online && <div class="offline-banner" role="alert" data-testid="offline-banner">{tt.offline}</div>}
        {bar(seats[turned ? 0 : 1], 'top')}
        <div class={`${ready ? '' : 'board-loading'} ${premove ? 'premove-on' : ''}`}>
          {Board
            ? <Board board={shownBoard} desc={gameMeta?.board ?? {}} legal={anim ? [] : legal}
                     live={view.status === 'ongoing' && shown === view.ply} anim={anim} mover={premoving ? me : undefined}
                     flipped={turned} onMove={onBoardMove} t={t} explainIllegal={!premoving} marks={marks} />
            : <pre>{JSON.stringify(board, null, 1)}</pre>}
        </div>
        {bar(seats[turned ? 1 : 0], 'bottom')}
        <BoardCounters game={view.game} board={side.board ?? board} t={t} />
      </section>
      <aside class="side-panel">
        {view.record && <RecordInfo record={view.record} />}
        <StatusCard view={view} game={game} roles={roles} status={status} invite={invite} />
        {local && <LocalGameCard game={game.record ?? null} />}
        <TournamentGameCard view={view} me={game.me} />
        <MoveList view={view} ply={shown} setPly={(p) => { side.leave(); setPly(p); }} marks={rv.marks} />
        {(view.status === 'finished' || view.mode === 'review') && <SideLinePanel view={view} side={side} />}
        {view.status === 'finished' && !local && (
          <ReviewPanel view={view} ply={shown} setPly={setPly} review={rv.review} canRequest={!!account || !!game.token}
                       signedIn={!!account} />
        )}
        <TableSwitches username={account?.username ?? null} />
        <GameActions id={id} view={view} game={game} roles={roles} passMove={legal.find((m) => m.pass)}
                     onFlip={() => setFlipped(!turned)} onResign={() => setConfirmResign(true)} invite={invite} />
        {view.mode === 'online' && (
          <ChatPanel lines={game.chat} me={me} canWrite={roles.isPlayer} send={game.sendChat}
                     canReport={canReport} reportLabel={ft.reportLine}
                     onReport={(line) => setReportLine({ line, username: authorOf(line) ?? '' })}
                     refusal={game.chatRefusal === null ? undefined : errorText(t, game.chatRefusal)} />
        )}
        {local ? <LocalAnalysis game={game.record ?? null} ply={shown} /> : roles.analysisClosed
          ? <div class="card analysis muted" data-testid="analysis-closed">{t.analysisAfterGame}</div>
          : <AnalysisPanel view={view} ply={shown} setPly={setPly} engine={gameMeta?.engine ?? ''}
                           resultLabel={view.status === 'finished' ? status : ''} />}
      </aside>
      {reportLine && (
        <ReportDialog username={reportLine.username} chatLine={{ seq: reportLine.line.seq, text: reportLine.line.text }}
                      gameId={id} onClose={() => setReportLine(null)} />
      )}
      {confirmResign && view.status === 'ongoing' && (
        <ResignConfirm onCancel={() => setConfirmResign(false)} onResign={() => {
          setConfirmResign(false);
          game.act('resign');
        }} />
      )}
      {game.finishedHere && view.status === 'finished' && (
        <ResultDialog view={view} reason={reason} onClose={game.dismissResult}
                      rematch={<RematchButton game={game} roles={roles} />} />
      )}
    </div>
  );
}
