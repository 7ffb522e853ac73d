// The texts of accounts and ratings (the account menu and forms, the player page, the hall of
// fame, the players' names and rating changes on the game page), in the four UI languages (the
// type makes every language carry every text). The server's error codes have theirs in
// server_texts.json.
import type { Lang } from '../common/i18n';

export interface AccountDict {
  signIn: string;
  signUp: string;
  signOut: string;
  username: string;
  password: string;
  usernameHint: string;
  passwordHint: string;
  noAccount: string;
  haveAccount: string;
  myPage: string;
  guest: string;
  rated: string;
  casual: string;
  ratedNeedsAccount: string;
  ratedNeedsClock: string;
  hallOfFame: string;
  leaderboard: string;
  rank: string;
  player: string;
  rating: string;
  rd: string;
  games: string;
  provisional: string;
  provisionalMark: string;
  noPlayers: string;
  computerLevels: string;
  level: string;
  firstBeaten: string;
  notYetBeaten: string;
  speed: string;
  memberSince: string;
  ratings: string;
  noRatings: string;
  record: string;
  wins: string;
  losses: string;
  draws: string;
  recentGames: string;
  noRecentGames: string;
  opponent: string;
  result: string;
  change: string;
  date: string;
  win: string;
  loss: string;
  draw: string;
  computerOpponent: string;
  ratingHistory: string;
  noHistory: string;
  ratingChange: string;
  newRating: string;
  changePassword: string;
  currentPassword: string;
  newPassword: string;
  passwordChanged: string;
  signOutEverywhere: string;
}

export const ACCOUNT_TEXTS: Record<Lang, AccountDict> = {
  en: {
    signIn: 'Sign in', signUp: 'Sign up', signOut: 'Sign out', username: 'User name', password: 'Password',
    usernameHint: '3–20 letters, digits, _ or -', passwordHint: 'At least 8 characters, not your user name',
    noAccount: 'No account yet?', haveAccount: 'Already have an account?', myPage: 'My page', guest: 'Guest',
    rated: 'Rated', casual: 'Casual', ratedNeedsAccount: 'Sign in to play rated games.',
    ratedNeedsClock: 'Rated games need a time control.', hallOfFame: 'Hall of fame', leaderboard: 'Leaderboard',
    rank: '#', player: 'Player', rating: 'Rating', rd: 'RD', games: 'Games', provisional: 'provisional',
    provisionalMark: '?', noPlayers: 'No rated players yet.', computerLevels: 'The computer’s levels', level: 'Level',
    firstBeaten: 'First to beat it', notYetBeaten: 'not beaten yet', speed: 'Speed', memberSince: 'Member since',
    ratings: 'Ratings', noRatings: 'No rated games yet.', record: 'Games', wins: 'Wins', losses: 'Losses',
    draws: 'Draws', recentGames: 'Recent games', noRecentGames: 'No games yet.', opponent: 'Opponent',
    result: 'Result', change: '±', date: 'Date', win: 'Win', loss: 'Loss', draw: 'Draw',
    computerOpponent: 'Computer', ratingHistory: 'Rating history', noHistory: 'No rating history yet.',
    ratingChange: 'Rating change', newRating: 'new rating',
    changePassword: 'Change password', currentPassword: 'Current password', newPassword: 'New password',
    passwordChanged: 'Password changed: your other devices are signed out.', signOutEverywhere: 'Sign out everywhere',
  },
  ru: {
    signIn: 'Войти', signUp: 'Регистрация', signOut: 'Выйти', username: 'Имя пользователя', password: 'Пароль',
    usernameHint: '3–20 латинских букв, цифр, _ или -', passwordHint: 'Не меньше 8 символов, не ваше имя',
    noAccount: 'Ещё нет учётной записи?', haveAccount: 'Уже есть учётная запись?', myPage: 'Моя страница',
    guest: 'Гость', rated: 'На рейтинг', casual: 'Без рейтинга', ratedNeedsAccount: 'Войдите, чтобы играть на рейтинг.',
    ratedNeedsClock: 'Для игры на рейтинг нужен контроль времени.', hallOfFame: 'Зал славы', leaderboard: 'Рейтинг игроков',
    rank: '№', player: 'Игрок', rating: 'Рейтинг', rd: 'RD', games: 'Партий', provisional: 'предварительный',
    provisionalMark: '?', noPlayers: 'Пока нет игроков с рейтингом.', computerLevels: 'Уровни компьютера',
    level: 'Уровень', firstBeaten: 'Первым победил', notYetBeaten: 'ещё никто не победил', speed: 'Скорость',
    memberSince: 'С нами с', ratings: 'Рейтинги', noRatings: 'Пока нет рейтинговых партий.', record: 'Партии',
    wins: 'Победы', losses: 'Поражения', draws: 'Ничьи', recentGames: 'Последние партии', noRecentGames: 'Пока нет партий.',
    opponent: 'Соперник', result: 'Итог', change: '±', date: 'Дата', win: 'Победа', loss: 'Поражение', draw: 'Ничья',
    computerOpponent: 'Компьютер', ratingHistory: 'История рейтинга', noHistory: 'Истории рейтинга пока нет.',
    ratingChange: 'Изменение рейтинга', newRating: 'новый рейтинг',
    changePassword: 'Сменить пароль', currentPassword: 'Текущий пароль', newPassword: 'Новый пароль',
    passwordChanged: 'Пароль изменён: на других устройствах выполнен выход.', signOutEverywhere: 'Выйти на всех устройствах',
  },
  kk: {
    signIn: 'Кіру', signUp: 'Тіркелу', signOut: 'Шығу', username: 'Пайдаланушы аты', password: 'Құпиясөз',
    usernameHint: '3–20 латын әрпі, сан, _ немесе -', passwordHint: 'Кемінде 8 таңба, атыңыз емес',
    noAccount: 'Тіркелгіңіз жоқ па?', haveAccount: 'Тіркелгіңіз бар ма?', myPage: 'Менің бетім', guest: 'Қонақ',
    rated: 'Рейтингтік', casual: 'Рейтингсіз', ratedNeedsAccount: 'Рейтингтік ойын үшін кіріңіз.',
    ratedNeedsClock: 'Рейтингтік ойынға уақыт бақылауы керек.', hallOfFame: 'Даңқ залы', leaderboard: 'Ойыншылар рейтингі',
    rank: '№', player: 'Ойыншы', rating: 'Рейтинг', rd: 'RD', games: 'Ойын', provisional: 'алдын ала',
    provisionalMark: '?', noPlayers: 'Рейтингі бар ойыншы әлі жоқ.', computerLevels: 'Компьютер деңгейлері',
    level: 'Деңгей', firstBeaten: 'Алғаш жеңген', notYetBeaten: 'әлі ешкім жеңбеді', speed: 'Жылдамдық',
    memberSince: 'Тіркелген күні', ratings: 'Рейтингтер', noRatings: 'Рейтингтік ойын әлі жоқ.', record: 'Ойындар',
    wins: 'Жеңіс', losses: 'Жеңіліс', draws: 'Тең', recentGames: 'Соңғы ойындар', noRecentGames: 'Әзірге ойын жоқ.',
    opponent: 'Қарсылас', result: 'Нәтиже', change: '±', date: 'Күні', win: 'Жеңіс', loss: 'Жеңіліс', draw: 'Тең',
    computerOpponent: 'Компьютер', ratingHistory: 'Рейтинг тарихы', noHistory: 'Рейтинг тарихы әлі жоқ.',
    ratingChange: 'Рейтинг өзгерісі', newRating: 'жаңа рейтинг',
    changePassword: 'Құпиясөзді өзгерту', currentPassword: 'Қазіргі құпиясөз', newPassword: 'Жаңа құпиясөз',
    passwordChanged: 'Құпиясөз өзгертілді: басқа құрылғылардан шығарылдыңыз.', signOutEverywhere: 'Барлық құрылғылардан шығу',
  },
  uz: {
    signIn: 'Kirish', signUp: 'Ro‘yxatdan o‘tish', signOut: 'Chiqish', username: 'Foydalanuvchi nomi', password: 'Parol',
    usernameHint: '3–20 ta lotin harfi, raqam, _ yoki -', passwordHint: 'Kamida 8 belgi, ismingiz emas',
    noAccount: 'Hisobingiz yo‘qmi?', haveAccount: 'Hisobingiz bormi?', myPage: 'Mening sahifam', guest: 'Mehmon',
    rated: 'Reytingli', casual: 'Reytingsiz', ratedNeedsAccount: 'Reytingli o‘yin uchun kiring.',
    ratedNeedsClock: 'Reytingli o‘yinga vaqt nazorati kerak.', hallOfFame: 'Shon-sharaf zali', leaderboard: 'O‘yinchilar reytingi',
    rank: '№', player: 'O‘yinchi', rating: 'Reyting', rd: 'RD', games: 'O‘yinlar', provisional: 'dastlabki',
    provisionalMark: '?', noPlayers: 'Reytingli o‘yinchilar hali yo‘q.', computerLevels: 'Kompyuter darajalari',
    level: 'Daraja', firstBeaten: 'Birinchi yutgan', notYetBeaten: 'hali hech kim yutmagan', speed: 'Tezlik',
    memberSince: 'Ro‘yxatdan o‘tgan', ratings: 'Reytinglar', noRatings: 'Reytingli o‘yinlar hali yo‘q.', record: 'O‘yinlar',
    wins: 'G‘alaba', losses: 'Mag‘lubiyat', draws: 'Durang', recentGames: 'So‘nggi o‘yinlar', noRecentGames: 'Hali o‘yinlar yo‘q.',
    opponent: 'Raqib', result: 'Natija', change: '±', date: 'Sana', win: 'G‘alaba', loss: 'Mag‘lubiyat', draw: 'Durang',
    computerOpponent: 'Kompyuter', ratingHistory: 'Reyting tarixi', noHistory: 'Reyting tarixi hali yo‘q.',
    ratingChange: 'Reyting o‘zgarishi', newRating: 'yangi reyting',
    changePassword: 'Parolni o‘zgartirish', currentPassword: 'Joriy parol', newPassword: 'Yangi parol',
    passwordChanged: 'Parol o‘zgartirildi: boshqa qurilmalardan chiqildi.', signOutEverywhere: 'Barcha qurilmalardan chiqish',
  },
};
