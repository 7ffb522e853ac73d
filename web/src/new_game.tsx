// The new game dialog: game and its options, opponent, level, colour.
import { useState } from 'preact/hooks';
import { api, seats, type MetaGame } from './api';
import type { Dict } from './i18n';

const GAMES = ['togyz', 'tojmot', 'capgo'] as const;
type GameName = (typeof GAMES)[number];

export function NewGame({ t, meta }: { t: Dict; meta: MetaGame[] | null }) {
  const available = (g: string) => meta?.some((m) => m.name === g) ?? false;
  const [game, setGame] = useState<GameName>('togyz');
  const [mode, setMode] = useState<'ai' | 'hotseat' | 'online'>('ai');
  const [level, setLevel] = useState(3);
  const [color, setColor] = useState<'white' | 'black' | 'random'>('white');
  const [size, setSize] = useState(9);
  const [target, setTarget] = useState(1);
  const [pass, setPass] = useState(true);
  const [piece6, setPiece6] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    setError('');
    const rules: Record<string, unknown> = {};
    if (game === 'capgo') Object.assign(rules, { size, target, pass: pass ? 1 : 0 });
    if (game === 'tojmot' && piece6) rules.piece6_both = 1;
    try {
      const r = await api.create({ game, mode, level, color, rules });
      seats.set(r.id, r.seat.token);
      if (r.invite) sessionStorage.setItem(`oyin.invite.${r.id}`, r.invite);
      location.hash = `#/game/${r.id}`;
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  // In Go Black moves first; the server names the sides of every game.
  const sides = meta?.find((m) => m.name === game)?.sides ?? ['white', 'black'];
  return (
    <section class="card new-game" data-testid="new-game">
      <h1>{t.newGame}</h1>
      <div class="game-picker">
        {GAMES.map((g) => (
          <button key={g} class={`game-choice ${game === g ? 'selected' : ''}`} data-game={g} disabled={!available(g)}
                  onClick={() => setGame(g)} title={available(g) ? '' : t.notRegistered}>
            <GameIcon game={g} />
            <span>{t[g]}</span>
            {!available(g) && meta && <small>{t.notRegistered}</small>}
          </button>
        ))}
      </div>
      {game === 'capgo' && (
        <div class="options">
          <label>{t.boardSize}
            <select value={size} data-opt="size" onChange={(e) => setSize(+(e.target as HTMLSelectElement).value)}>
              {[5, 7, 9, 13, 19].map((s) => <option key={s} value={s}>{s}×{s}</option>)}
            </select>
          </label>
          <label>{t.target}
            <input type="number" min={1} max={361} value={target} data-opt="target"
                   onInput={(e) => setTarget(Math.max(1, +(e.target as HTMLInputElement).value || 1))} />
          </label>
          <label class="check"><input type="checkbox" checked={pass} onChange={(e) => setPass((e.target as HTMLInputElement).checked)} />{t.passAllowed}</label>
        </div>
      )}
      {game === 'tojmot' && (
        <div class="options">
          <label class="check"><input type="checkbox" checked={piece6} onChange={(e) => setPiece6((e.target as HTMLInputElement).checked)} />{t.piece6Both}</label>
        </div>
      )}
      <fieldset class="segmented">
        <legend>{t.mode}</legend>
        {(['ai', 'hotseat', 'online'] as const).map((m) => (
          <button key={m} class={mode === m ? 'selected' : ''} data-mode={m} onClick={() => setMode(m)}>{t[m]}</button>
        ))}
      </fieldset>
      {mode === 'ai' && (
        <label class="level">{t.level}: <b>{level}</b>
          <input type="range" min={0} max={10} value={level} data-opt="level" onInput={(e) => setLevel(+(e.target as HTMLInputElement).value)} />
        </label>
      )}
      {mode !== 'hotseat' && (
        <fieldset class="segmented">
          <legend>{t.color}</legend>
          {([sides[0], sides[1], 'random'] as ('white' | 'black' | 'random')[]).map((c) => (
            <button key={c} class={color === c ? 'selected' : ''} data-color={c} onClick={() => setColor(c)}>
              {c === 'random' ? t.random : c === 'white' ? t.white : t.black}
            </button>
          ))}
        </fieldset>
      )}
      {error && <p class="error" role="alert">{error}</p>}
      <button class="primary big" data-action="start" disabled={busy || !available(game)} onClick={start}>{t.start}</button>
    </section>
  );
}

export function GameIcon({ game }: { game: string }) {
  if (game === 'togyz')
    return (
      <svg viewBox="0 0 60 36" class="game-icon" aria-hidden="true">
        <rect x="1" y="1" width="58" height="34" rx="8" fill="#8a4f22" />
        {[0, 1, 2, 3, 4].map((i) => <rect key={i} x={5 + i * 10.5} y={4} width={8} height={11} rx={4} fill="#5a3012" />)}
        {[0, 1, 2, 3, 4].map((i) => <rect key={i} x={5 + i * 10.5} y={21} width={8} height={11} rx={4} fill="#5a3012" />)}
        <circle cx="9" cy="27" r="2" fill="#f3e6c8" /><circle cx="30" cy="9" r="2" fill="#f3e6c8" />
      </svg>
    );
  if (game === 'tojmot')
    return (
      <svg viewBox="0 0 60 36" class="game-icon" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => [0, 1].map((j) => (
          <path key={`${i}${j}`} d={`M${10 + i * 13 + j * 6.5} ${8 + j * 10} l6.5 6.5 l-6.5 6.5 l-6.5 -6.5z`}
                fill={(i + j) % 2 ? '#b07b46' : '#ecd6a8'} />
        )))}
        <circle cx="30" cy="18" r="6" fill="#fbf3e2" stroke="#7b2d12" /><text x="30" y="21" font-size="8" text-anchor="middle" fill="#7b2d12">1</text>
      </svg>
    );
  return (
    <svg viewBox="0 0 60 36" class="game-icon" aria-hidden="true">
      <rect x="12" y="1" width="36" height="34" rx="3" fill="#e2b66c" />
      {[0, 1, 2, 3].map((i) => <line key={`h${i}`} x1="17" x2="43" y1={6 + i * 8} y2={6 + i * 8} stroke="#5a3a10" stroke-width="0.8" />)}
      {[0, 1, 2, 3].map((i) => <line key={`v${i}`} y1="6" y2="30" x1={17 + i * 8.6} x2={17 + i * 8.6} stroke="#5a3a10" stroke-width="0.8" />)}
      <circle cx="25.6" cy="14" r="3.6" fill="#111" /><circle cx="34.2" cy="22" r="3.6" fill="#f6f3ea" stroke="#999" stroke-width="0.5" />
    </svg>
  );
}
