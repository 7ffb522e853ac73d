// The texts of the lobby page, in the four UI languages (the type makes every language carry
// every text).
import type { Lang } from './i18n';

export interface LobbyDict {
  lobby: string;
  openSeeks: string;
  createSeek: string;
  post: string;
  rated: string;
  casual: string;
  creator: string;
  guest: string;
  accept: string;
  cancel: string;
  noSeeks: string;
  yours: string;
  waiting: string;
  rules: string;
  standard: string;
}

export const LOBBY_TEXTS: Record<Lang, LobbyDict> = {
  en: {
    lobby: 'Lobby',
    openSeeks: 'Open challenges',
    createSeek: 'Create a challenge',
    post: 'Post challenge',
    rated: 'Rated',
    casual: 'Casual',
    creator: 'Player',
    guest: 'Guest',
    accept: 'Play',
    cancel: 'Cancel',
    noSeeks: 'No open challenges yet. Post one and wait here: the game starts as soon as someone accepts.',
    yours: 'yours',
    waiting: 'Waiting for an opponent… keep this page open.',
    rules: 'Rules',
    standard: 'standard',
  },
  ru: {
    lobby: 'Лобби',
    openSeeks: 'Открытые вызовы',
    createSeek: 'Создать вызов',
    post: 'Бросить вызов',
    rated: 'Рейтинговая',
    casual: 'Товарищеская',
    creator: 'Игрок',
    guest: 'Гость',
    accept: 'Играть',
    cancel: 'Отменить',
    noSeeks: 'Открытых вызовов пока нет. Создайте свой и ждите здесь: партия начнётся, как только его примут.',
    yours: 'ваш',
    waiting: 'Ждём соперника… не закрывайте эту страницу.',
    rules: 'Правила',
    standard: 'обычные',
  },
  kk: {
    lobby: 'Лобби',
    openSeeks: 'Ашық шақырулар',
    createSeek: 'Шақыру жасау',
    post: 'Шақыру жариялау',
    rated: 'Рейтингтік',
    casual: 'Достық',
    creator: 'Ойыншы',
    guest: 'Қонақ',
    accept: 'Ойнау',
    cancel: 'Бас тарту',
    noSeeks: 'Әзірге ашық шақыру жоқ. Өзіңіз жариялап, осында күтіңіз: біреу қабылдаған бойда ойын басталады.',
    yours: 'сіздікі',
    waiting: 'Қарсылас күтілуде… бұл бетті жаппаңыз.',
    rules: 'Ережелер',
    standard: 'әдеттегі',
  },
  uz: {
    lobby: 'Lobbi',
    openSeeks: 'Ochiq chaqiruvlar',
    createSeek: 'Chaqiruv yaratish',
    post: 'Chaqiruvni e’lon qilish',
    rated: 'Reytingli',
    casual: 'Do‘stona',
    creator: 'O‘yinchi',
    guest: 'Mehmon',
    accept: 'O‘ynash',
    cancel: 'Bekor qilish',
    noSeeks: 'Hozircha ochiq chaqiruv yo‘q. O‘zingiz e’lon qiling va shu yerda kuting: kimdir qabul qilishi bilan o‘yin boshlanadi.',
    yours: 'sizniki',
    waiting: 'Raqib kutilmoqda… bu sahifani yopmang.',
    rules: 'Qoidalar',
    standard: 'odatiy',
  },
};
