// The texts of the lobby page, in the four UI languages (the type makes every language carry
// every text).
import type { Lang } from '../common/i18n';

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
  playNow: string;
  playNowHint: string;
  searching: string;
  challenges: string;
  incoming: string;
  outgoing: string;
  decline: string;
  challenge: string;
  sendChallenge: string;
  challengeSent: string;
  challengeDeclined: string;
  challengeNotice: string;
  challengeTo: string;
  noChallenges: string;
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
    playNow: 'Play now',
    playNowHint: 'Play now pairs you with someone near your rating who wants the same game and clock.',
    searching: 'Looking for an opponent near your rating…',
    challenges: 'Challenges',
    incoming: 'Challenges to you',
    outgoing: 'Your challenges',
    decline: 'Decline',
    challenge: 'Challenge',
    sendChallenge: 'Send challenge',
    challengeSent: 'Challenge sent. Waiting for {name} to answer…',
    challengeDeclined: '{name} declined your challenge.',
    challengeNotice: 'Challenges to you: {n}',
    challengeTo: 'To',
    noChallenges: 'No challenges.',
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
    playNow: 'Играть сейчас',
    playNowHint: '«Играть сейчас» подберёт соперника с близким рейтингом, который хочет ту же игру и контроль времени.',
    searching: 'Ищем соперника с близким рейтингом…',
    challenges: 'Вызовы',
    incoming: 'Вызовы вам',
    outgoing: 'Ваши вызовы',
    decline: 'Отклонить',
    challenge: 'Вызвать',
    sendChallenge: 'Отправить вызов',
    challengeSent: 'Вызов отправлен. Ждём ответа {name}…',
    challengeDeclined: '{name} отклонил(а) ваш вызов.',
    challengeNotice: 'Вызовы вам: {n}',
    challengeTo: 'Кому',
    noChallenges: 'Вызовов нет.',
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
    playNow: 'Қазір ойнау',
    playNowHint: '«Қазір ойнау» сізге рейтингі жақын, сол ойын мен уақыт бақылауын қалайтын қарсылас табады.',
    searching: 'Рейтингі жақын қарсылас ізделуде…',
    challenges: 'Шақырулар',
    incoming: 'Сізге келген шақырулар',
    outgoing: 'Сіздің шақыруларыңыз',
    decline: 'Қабылдамау',
    challenge: 'Шақыру',
    sendChallenge: 'Шақыру жіберу',
    challengeSent: 'Шақыру жіберілді. {name} жауабы күтілуде…',
    challengeDeclined: '{name} шақыруыңызды қабылдамады.',
    challengeNotice: 'Сізге келген шақырулар: {n}',
    challengeTo: 'Кімге',
    noChallenges: 'Шақырулар жоқ.',
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
    playNow: 'Hozir o‘ynash',
    playNowHint: '“Hozir o‘ynash” sizga reytingi yaqin, xuddi shu o‘yin va vaqt nazoratini istagan raqib topadi.',
    searching: 'Reytingi yaqin raqib qidirilmoqda…',
    challenges: 'Chaqiruvlar',
    incoming: 'Sizga chaqiruvlar',
    outgoing: 'Sizning chaqiruvlaringiz',
    decline: 'Rad etish',
    challenge: 'Chaqirish',
    sendChallenge: 'Chaqiruv yuborish',
    challengeSent: 'Chaqiruv yuborildi. {name} javobi kutilmoqda…',
    challengeDeclined: '{name} chaqiruvingizni rad etdi.',
    challengeNotice: 'Sizga chaqiruvlar: {n}',
    challengeTo: 'Kimga',
    noChallenges: 'Chaqiruvlar yo‘q.',
  },
};
