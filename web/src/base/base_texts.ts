// The texts of the game base page and the explorer panel, in the four UI languages (the type
// makes every language carry every text).
import type { Lang } from '../common/i18n';

export interface BaseDict {
  base: string;
  explorer: string;
  searchGames: string;
  player: string;
  event: string;
  year: string;
  anyResult: string;
  search: string;
  startPosition: string;
  back: string;
  positionGames: string;
  noBaseGames: string;
  notInBase: string;
  gamesCount: string;
  share: string;
  draws: string;
  rating: string;
  evaluation: string;
  openReview: string;
  white: string;
  black: string;
}

export const BASE_TEXTS: Record<Lang, BaseDict> = {
  en: {
    base: 'Game base', explorer: 'Opening explorer', searchGames: 'Search games', player: 'Player', event: 'Event',
    year: 'Year', anyResult: 'Any result', search: 'Search', startPosition: 'Start position', back: 'Back',
    positionGames: 'Games that reached this position', noBaseGames: 'No games found.',
    notInBase: 'No game of the base reached this position.', gamesCount: 'Games', share: 'Share', draws: 'Draws',
    rating: 'Rating', evaluation: 'Engine', openReview: 'Open in review', white: 'White', black: 'Black',
  },
  ru: {
    base: 'База партий', explorer: 'Дебютный справочник', searchGames: 'Поиск партий', player: 'Игрок',
    event: 'Турнир', year: 'Год', anyResult: 'Любой результат', search: 'Найти', startPosition: 'Начальная позиция',
    back: 'Назад', positionGames: 'Партии, в которых была эта позиция', noBaseGames: 'Партии не найдены.',
    notInBase: 'Ни одна партия базы не дошла до этой позиции.', gamesCount: 'Партий', share: 'Доля', draws: 'Ничьи',
    rating: 'Рейтинг', evaluation: 'Движок', openReview: 'Открыть для разбора', white: 'Белые', black: 'Чёрные',
  },
  kk: {
    base: 'Ойындар базасы', explorer: 'Бастама анықтамалығы', searchGames: 'Ойындарды іздеу', player: 'Ойыншы',
    event: 'Турнир', year: 'Жыл', anyResult: 'Кез келген нәтиже', search: 'Іздеу', startPosition: 'Бастапқы позиция',
    back: 'Артқа', positionGames: 'Осы позиция болған ойындар', noBaseGames: 'Ойын табылмады.',
    notInBase: 'Базадағы бірде-бір ойын бұл позицияға жетпеді.', gamesCount: 'Ойын', share: 'Үлесі', draws: 'Тең',
    rating: 'Рейтинг', evaluation: 'Қозғалтқыш', openReview: 'Талдауға ашу', white: 'Ақ', black: 'Қара',
  },
  uz: {
    base: 'O‘yinlar bazasi', explorer: 'Debyut ma’lumotnomasi', searchGames: 'O‘yinlarni qidirish', player: 'O‘yinchi',
    event: 'Turnir', year: 'Yil', anyResult: 'Har qanday natija', search: 'Qidirish', startPosition: 'Boshlang‘ich holat',
    back: 'Orqaga', positionGames: 'Shu holat bo‘lgan o‘yinlar', noBaseGames: 'O‘yin topilmadi.',
    notInBase: 'Bazadagi birorta o‘yin bu holatga yetmagan.', gamesCount: 'O‘yinlar', share: 'Ulushi', draws: 'Durang',
    rating: 'Reyting', evaluation: 'Dvijok', openReview: 'Tahlilga ochish', white: 'Oq', black: 'Qora',
  },
};
