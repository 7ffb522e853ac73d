// The shell: header with navigation, language and the account menu, and a hash router (#/,
// #/game/ID, #/history, #/base/GAME, #/learn..., #/lobby, #/join/ID/TOKEN, #/player/NAME,
// #/leaderboard/GAME/SPEED, #/mod for moderators, #/mistakes: learn from your mistakes).
import { useEffect, useState } from 'preact/hooks';
import { api, seats, type Meta } from './common/api';
import { LANGS, detectLang, type Lang } from './common/i18n';
import { GamePage } from './play/game_page';
import { noteMeta } from './offline/local_choice';
import { startUploads, uploadQueued } from './offline/uploader';
import { HistoryPage } from './play/history_page';
import { NewGame } from './play/new_game';
import { GalleryPage } from './boards/gallery_page';
import { BasePage } from './base/base_page';
import { BASE_TEXTS } from './base/base_texts';
import { LearnRoute } from './learn/learn_route';
import { LEARN_TEXTS } from './learn/learn_texts';
import { syncProgress } from './learn/progress_sync';
import { LobbyPage } from './lobby/lobby_page';
import { LOBBY_TEXTS } from './lobby/lobby_texts';
import { accountApi, type Account } from './account/account_api';
import { ACCOUNT_TEXTS } from './account/account_texts';
import { AccountMenu } from './account/account_menu';
import { PlayerPage } from './account/player_page';
import { LeaderboardPage } from './account/leaderboard_page';
import { ChallengeNotice } from './lobby/challenge_notice';
import { chatSetting } from './account/chat_setting';
import { ModPage } from './fair_play/mod_page';
import { MistakesPage } from './review/mistakes_page';
import { storage } from './common/storage';
import { closeOnEscape } from './common/guard';
import { trapFocusInModals } from './common/focus_trap';
import { TextsProvider, useTexts } from './common/texts_context';
import { TournamentsRoute } from './tournaments/tournaments_page';
import { TOURNAMENT_TEXTS } from './tournaments/tournaments_texts';

function useRoute(): string[] {
  const parse = () => {
    const r = location.hash.replace(/^#\/?/, '').split('/').filter(Boolean);
    if (r[0] === 'join' && r[1] && r[2]) {  // an invite: keep the seat, then show the game
      seats.set(r[1], r[2]);
      history.replaceState(null, '', `#/game/${r[1]}`);
      return ['game', r[1]];
    }
    return r;
  };
  const [route, setRoute] = useState(parse());
  useEffect(() => {
    const on = () => setRoute(parse());
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return route;
}

export function App() {
  const [lang, setLang] = useState<Lang>(detectLang());
  const [meta, setMeta] = useState<Meta | null>(null);
  const route = useRoute();
  // undefined until the server has said who is signed in; null for a guest.
  const [account, setAccount] = useState<Account | null | undefined>(undefined);
  // Counts the changes of the learner's progress copy (a sign-in or out): the learn pages restart.
  const [progressVersion, setProgressVersion] = useState(0);
  const accountKey = account === undefined ? undefined : account ? String(account.id) : null;
  useEffect(() => {
    if (accountKey === undefined) return;
    syncProgress(account ?? null)
      .then((changed) => { if (changed) setProgressVersion((v) => v + 1); })
      .catch(() => undefined);  // the copy stays as it was; the next page load tries again
  }, [accountKey]);
  useEffect(closeOnEscape, []);
  useEffect(trapFocusInModals, []);
  useEffect(() => {
    api.meta().then((m) => {
      noteMeta(m);
      setMeta(m);
    }).catch(() => setMeta({ games: [] }));
    startUploads();
    accountApi.current().then(setAccount).catch(() => setAccount(null));
  }, []);
  useEffect(() => {
    if (account !== undefined) chatSetting.follow(account);  // a signed-in user's chat switch is the account's
    if (account) void uploadQueued();  // games played here while signed out go to the account now
  }, [account]);
  useEffect(() => {
    document.documentElement.lang = lang === 'uz' ? 'uz-Latn' : lang;
  }, [lang]);
  const changeLang = (l: Lang) => {
    storage.setText('oyin.lang', l);
    setLang(l);
  };
  let page;
  if (route[0] === 'game' && route[1]) page = <GamePage key={route[1]} id={route[1]} account={account} />;
  else if (route[0] === 'local' && route[1]) page = meta && <GamePage key={`local-${route[1]}`} id={route[1]} account={account} local />;
  else if (route[0] === 'gallery') page = meta && <GalleryPage />;
  else if (route[0] === 'history') page = <HistoryPage />;
  else if (route[0] === 'base') page = meta && <BasePage game={route[1] ?? ''} />;
  else if (route[0] === 'lobby') page = meta && <LobbyPage account={account} />;
  else if (route[0] === 'learn') page = <LearnRoute key={`progress-${progressVersion}`} route={route} />;
  else if (route[0] === 'player' && route[1]) page = <PlayerPage key={route[1]} name={decodeURIComponent(route[1])} account={account} />;
  else if (route[0] === 'tournaments' || route[0] === 'tournament') page = meta && <TournamentsRoute route={route} account={account} />;
  else if (route[0] === 'mod') page = <ModPage account={account} />;
  else if (route[0] === 'mistakes') page = meta && <MistakesPage account={account} />;
  else if (route[0] === 'leaderboard') page = meta && <LeaderboardPage game={route[1] ?? ''} speed={route[2] ?? ''} />;
  else page = <NewGame account={account} />;
  return (
    <TextsProvider lang={lang} meta={meta && meta.games}>
      <div class="app">
        <Header route={route} account={account} setAccount={setAccount} changeLang={changeLang} />
        <main>{page}</main>
      </div>
    </TextsProvider>
  );
}

function Header({ route, account, setAccount, changeLang }: {
  route: string[]; account: Account | null | undefined; setAccount: (a: Account | null) => void; changeLang: (l: Lang) => void;
}) {
  const { t, lang } = useTexts();
  const link = (href: string, nav: string, active: boolean, text: string) =>
    <a href={href} class={active ? 'active' : ''} data-nav={nav}>{text}</a>;
  return (
    <header class="topbar">
      <a class="brand" href="#/">
        <svg viewBox="0 0 32 32" width="30" height="30" aria-hidden="true">
          <circle cx="16" cy="16" r="14" fill="#c8923e" />
          <circle cx="11" cy="13" r="4" fill="#fff8e8" />
          <circle cx="20" cy="12" r="4" fill="#fff8e8" />
          <circle cx="16" cy="21" r="4" fill="#fff8e8" />
        </svg>
        <span class="brand-name">oyin</span>
        <span class="brand-tag">{t.tagline}</span>
      </a>
      <nav>
        <span class="nav-links">
        {link('#/', 'new', route.length === 0, t.newGame)}
        {link('#/lobby', 'lobby', route[0] === 'lobby', LOBBY_TEXTS[lang].lobby)}
        {link('#/tournaments', 'tournaments', route[0] === 'tournaments' || route[0] === 'tournament', TOURNAMENT_TEXTS[lang].tournaments)}
        {link('#/history', 'history', route[0] === 'history', t.history)}
        {link('#/base', 'base', route[0] === 'base', BASE_TEXTS[lang].base)}
        {link('#/learn', 'learn', route[0] === 'learn', LEARN_TEXTS[lang].learn)}
        {link('#/leaderboard', 'leaderboard', route[0] === 'leaderboard', ACCOUNT_TEXTS[lang].hallOfFame)}
        </span>
        <select aria-label={t.language} class="lang" value={lang} data-lang-select
                onChange={(e) => changeLang((e.target as HTMLSelectElement).value as Lang)}>
          {LANGS.map((l) => <option key={l.code} value={l.code}>{l.name}</option>)}
        </select>
        <ChallengeNotice account={account} />
        <AccountMenu account={account} setAccount={setAccount} />
      </nav>
    </header>
  );
}
