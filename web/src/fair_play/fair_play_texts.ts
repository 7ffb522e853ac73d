// The texts of fair play (block and report on a player's page, reporting a chat line, the
// lobby's pairing-ban banner, the moderators' page), in the four UI languages (the type makes
// every language carry every text). The server's error codes have theirs in server_texts.json.
import type { Lang } from '../common/i18n';
import type { ReportReason } from './fair_play_api';

export interface FairDict {
  block: string;
  unblock: string;
  blockedNote: string;
  report: string;
  reportTitle: string;
  reason: string;
  reasons: Record<ReportReason, string>;
  reportText: string;
  reportSend: string;
  reportSent: string;
  reportLine: string;
  reportLineTitle: string;
  playbanTitle: string;
  playbanWhy: string;
  playbanAdvice: string;
  playbanOpen: string;
  playbanWarning: string;
  endingLeft: string;
  endingSat: string;
  moderation: string;
  forModerators: string;
  openReports: string;
  closedReports: string;
  auditLog: string;
  noReports: string;
  noAudit: string;
  reportedBy: string;
  reportedPlayer: string;
  openGame: string;
  chatLine: string;
  outcome: string;
  outcomeHint: string;
  closeReport: string;
  closedBy: string;
  actionReason: string;
  actionReasonHint: string;
  mute1h: string;
  mute24h: string;
  unmute: string;
  closeAccount: string;
  reopenAccount: string;
  closeConfirm: string;
  mutedUntil: string;
  accountClosed: string;
  playbanUntil: string;
  badEndings: string;
  when: string;
  who: string;
  what: string;
  target: string;
  detail: string;
  actions: Record<string, string>;
  loadMore: string;
  done: string;
}

export const FAIR_TEXTS: Record<Lang, FairDict> = {
  en: {
    block: 'Block',
    unblock: 'Unblock',
    blockedNote: 'You have blocked {name}: no challenges, pairing or chat between you.',
    report: 'Report',
    reportTitle: 'Report {name} to the moderators',
    reason: 'Reason',
    reasons: {
      cheating: 'Cheating (outside help)',
      abuse: 'Insults or harassment',
      chat: 'Offensive chat',
      stalling: 'Stalling or leaving games',
      sandbagging: 'Losing on purpose',
      other: 'Something else',
    },
    reportText: 'What happened (optional)',
    reportSend: 'Send report',
    reportSent: 'Report sent. Thank you: a moderator will look at it.',
    reportLine: 'Report this line',
    reportLineTitle: 'Report this chat line by {name}?',
    playbanTitle: 'You cannot play other people until {time}',
    playbanWhy: 'In the last {days} days you left {count} games or let your clock run out in a lost position. That leaves your opponent waiting, so seeks, quick pairing and challenges are closed to you for {minutes} more min.',
    playbanAdvice: 'Resign instead of leaving a game or letting your clock run out: each further time the pause is longer.',
    playbanOpen: 'Games against the computer, puzzles and lessons stay open.',
    playbanWarning: 'In the last {days} days you left a game or let your clock run out in a lost position. Resign instead of leaving or letting your clock run out: the next time you cannot play other people for {minutes} min.',
    endingLeft: 'left the game',
    endingSat: 'let the clock run out',
    moderation: 'Moderation',
    forModerators: 'This page is for moderators.',
    openReports: 'Open reports',
    closedReports: 'Closed reports',
    auditLog: 'Audit log',
    noReports: 'No reports.',
    noAudit: 'The audit log is empty.',
    reportedBy: 'reported by',
    reportedPlayer: 'Player',
    openGame: 'Open the game',
    chatLine: 'Chat line',
    outcome: 'Outcome',
    outcomeHint: 'What was done, for the log',
    closeReport: 'Close report',
    closedBy: 'Closed by {name}',
    actionReason: 'Reason for the action',
    actionReasonHint: 'Why (kept in the audit log)',
    mute1h: 'Mute 1 h',
    mute24h: 'Mute 24 h',
    unmute: 'Lift the mute',
    closeAccount: 'Close account',
    reopenAccount: 'Reopen account',
    closeConfirm: 'Close {name}’s account? They can no longer sign in.',
    mutedUntil: 'Muted until {time}',
    accountClosed: 'Account closed',
    playbanUntil: 'Cannot play people until {time}',
    badEndings: 'Games left or sat out in 7 days: {n}',
    when: 'When',
    who: 'Who',
    what: 'Action',
    target: 'Concerns',
    detail: 'Detail',
    actions: {
      close_report: 'closed a report',
      mute: 'muted',
      unmute: 'lifted a mute',
      close_account: 'closed an account',
      reopen_account: 'reopened an account',
      playban: 'pairing ban',
      playban_warning: 'pairing warning',
      grant_moderator: 'made a moderator',
      revoke_moderator: 'took moderator rights',
    },
    loadMore: 'Older entries',
    done: 'Done.',
  },
  ru: {
    block: 'Заблокировать',
    unblock: 'Разблокировать',
    blockedNote: 'Вы заблокировали {name}: вызовы, подбор соперника и чат между вами закрыты.',
    report: 'Пожаловаться',
    reportTitle: 'Жалоба модераторам на {name}',
    reason: 'Причина',
    reasons: {
      cheating: 'Нечестная игра (посторонняя помощь)',
      abuse: 'Оскорбления или преследование',
      chat: 'Оскорбительный чат',
      stalling: 'Затягивание или уход из партий',
      sandbagging: 'Намеренные поражения',
      other: 'Другое',
    },
    reportText: 'Что произошло (необязательно)',
    reportSend: 'Отправить жалобу',
    reportSent: 'Жалоба отправлена. Спасибо: модератор её рассмотрит.',
    reportLine: 'Пожаловаться на это сообщение',
    reportLineTitle: 'Пожаловаться на это сообщение игрока {name}?',
    playbanTitle: 'Вы не можете играть с другими людьми до {time}',
    playbanWhy: 'За последние {days} дн. вы бросили партию или дали часам истечь в проигранной позиции (партий: {count}). Из-за этого соперник остаётся ждать, поэтому открытые вызовы, быстрый подбор и личные вызовы закрыты для вас ещё на {minutes} мин.',
    playbanAdvice: 'Сдавайтесь, а не уходите из партии и не ждите, пока истечёт время: с каждым разом перерыв будет длиннее.',
    playbanOpen: 'Партии с компьютером, задачи и уроки остаются открытыми.',
    playbanWarning: 'За последние {days} дн. вы бросили партию или дали часам истечь в проигранной позиции. Сдавайтесь вместо того, чтобы уходить или ждать конца времени: в следующий раз вы не сможете играть с людьми {minutes} мин.',
    endingLeft: 'ушли из партии',
    endingSat: 'дали часам истечь',
    moderation: 'Модерация',
    forModerators: 'Эта страница только для модераторов.',
    openReports: 'Открытые жалобы',
    closedReports: 'Закрытые жалобы',
    auditLog: 'Журнал действий',
    noReports: 'Жалоб нет.',
    noAudit: 'Журнал действий пуст.',
    reportedBy: 'пожаловался(-ась)',
    reportedPlayer: 'Игрок',
    openGame: 'Открыть партию',
    chatLine: 'Сообщение в чате',
    outcome: 'Итог',
    outcomeHint: 'Что сделано (для журнала)',
    closeReport: 'Закрыть жалобу',
    closedBy: 'Закрыл(а) {name}',
    actionReason: 'Причина действия',
    actionReasonHint: 'Почему (сохраняется в журнале)',
    mute1h: 'Отключить чат на 1 ч',
    mute24h: 'Отключить чат на 24 ч',
    unmute: 'Вернуть чат',
    closeAccount: 'Закрыть учётную запись',
    reopenAccount: 'Открыть учётную запись',
    closeConfirm: 'Закрыть учётную запись {name}? Войти в неё будет нельзя.',
    mutedUntil: 'Чат отключён до {time}',
    accountClosed: 'Учётная запись закрыта',
    playbanUntil: 'Не может играть с людьми до {time}',
    badEndings: 'Брошенных или пересиженных партий за 7 дней: {n}',
    when: 'Когда',
    who: 'Кто',
    what: 'Действие',
    target: 'Кого касается',
    detail: 'Подробности',
    actions: {
      close_report: 'закрыл(а) жалобу',
      mute: 'отключил(а) чат',
      unmute: 'вернул(а) чат',
      close_account: 'закрыл(а) учётную запись',
      reopen_account: 'открыл(а) учётную запись',
      playban: 'запрет на игру',
      playban_warning: 'предупреждение',
      grant_moderator: 'назначен модератором',
      revoke_moderator: 'снят с модераторов',
    },
    loadMore: 'Более ранние записи',
    done: 'Готово.',
  },
  kk: {
    block: 'Бұғаттау',
    unblock: 'Бұғаттан шығару',
    blockedNote: 'Сіз {name} ойыншысын бұғаттадыңыз: араларыңызда шақыру, жұптастыру және чат жоқ.',
    report: 'Шағым жасау',
    reportTitle: '{name} туралы модераторларға шағым',
    reason: 'Себебі',
    reasons: {
      cheating: 'Адал емес ойын (бөгде көмек)',
      abuse: 'Қорлау немесе қудалау',
      chat: 'Чаттағы дөрекілік',
      stalling: 'Ойынды созу немесе тастап кету',
      sandbagging: 'Әдейі жеңілу',
      other: 'Басқа',
    },
    reportText: 'Не болды (міндетті емес)',
    reportSend: 'Шағым жіберу',
    reportSent: 'Шағым жіберілді. Рақмет: модератор оны қарайды.',
    reportLine: 'Бұл хабарламаға шағым жасау',
    reportLineTitle: '{name} жазған бұл хабарламаға шағым жасайсыз ба?',
    playbanTitle: '{time} дейін басқа адамдармен ойнай алмайсыз',
    playbanWhy: 'Соңғы {days} күнде ойыннан кетіп қалдыңыз немесе жеңілген позицияда уақытыңызды бітірдіңіз ({count} рет). Бұл қарсыласыңызды күттіреді, сондықтан шақырулар, жылдам жұптастыру және жеке шақырулар сізге тағы {minutes} минут жабық.',
    playbanAdvice: 'Ойыннан кетпей, уақыттың бітуін күтпей, беріліңіз: әр келесі жолы үзіліс ұзарады.',
    playbanOpen: 'Компьютермен ойындар, есептер мен сабақтар ашық.',
    playbanWarning: 'Соңғы {days} күнде ойыннан кетіп қалдыңыз немесе жеңілген позицияда уақытыңызды бітірдіңіз. Кетудің не уақытты бітірудің орнына беріліңіз: келесі жолы адамдармен {minutes} минут ойнай алмайсыз.',
    endingLeft: 'ойыннан кетті',
    endingSat: 'уақытын бітірді',
    moderation: 'Модерация',
    forModerators: 'Бұл бет тек модераторларға арналған.',
    openReports: 'Ашық шағымдар',
    closedReports: 'Жабық шағымдар',
    auditLog: 'Әрекеттер журналы',
    noReports: 'Шағым жоқ.',
    noAudit: 'Әрекеттер журналы бос.',
    reportedBy: 'шағымданған',
    reportedPlayer: 'Ойыншы',
    openGame: 'Ойынды ашу',
    chatLine: 'Чаттағы хабарлама',
    outcome: 'Нәтиже',
    outcomeHint: 'Не істелді (журнал үшін)',
    closeReport: 'Шағымды жабу',
    closedBy: 'Жапқан: {name}',
    actionReason: 'Әрекеттің себебі',
    actionReasonHint: 'Неге (журналда сақталады)',
    mute1h: 'Чатты 1 сағ өшіру',
    mute24h: 'Чатты 24 сағ өшіру',
    unmute: 'Чатты қайтару',
    closeAccount: 'Тіркелгіні жабу',
    reopenAccount: 'Тіркелгіні қайта ашу',
    closeConfirm: '{name} тіркелгісін жабасыз ба? Ол енді кіре алмайды.',
    mutedUntil: 'Чат {time} дейін өшірулі',
    accountClosed: 'Тіркелгі жабылған',
    playbanUntil: '{time} дейін адамдармен ойнай алмайды',
    badEndings: '7 күнде тасталған не уақыты бітірілген ойындар: {n}',
    when: 'Қашан',
    who: 'Кім',
    what: 'Әрекет',
    target: 'Кімге қатысты',
    detail: 'Толығырақ',
    actions: {
      close_report: 'шағымды жапты',
      mute: 'чатты өшірді',
      unmute: 'чатты қайтарды',
      close_account: 'тіркелгіні жапты',
      reopen_account: 'тіркелгіні қайта ашты',
      playban: 'ойынға тыйым',
      playban_warning: 'ескерту',
      grant_moderator: 'модератор етіп тағайындады',
      revoke_moderator: 'модераторлықтан алды',
    },
    loadMore: 'Ертеректегі жазбалар',
    done: 'Дайын.',
  },
  uz: {
    block: 'Bloklash',
    unblock: 'Blokdan chiqarish',
    blockedNote: 'Siz {name}ni blokladingiz: o‘rtangizda chaqiruv, juftlash va chat yo‘q.',
    report: 'Shikoyat qilish',
    reportTitle: '{name} ustidan moderatorlarga shikoyat',
    reason: 'Sabab',
    reasons: {
      cheating: 'Nohalol o‘yin (begona yordam)',
      abuse: 'Haqorat yoki ta’qib',
      chat: 'Chatdagi haqorat',
      stalling: 'O‘yinni cho‘zish yoki tashlab ketish',
      sandbagging: 'Ataylab yutqazish',
      other: 'Boshqa',
    },
    reportText: 'Nima bo‘ldi (ixtiyoriy)',
    reportSend: 'Shikoyat yuborish',
    reportSent: 'Shikoyat yuborildi. Rahmat: moderator uni ko‘rib chiqadi.',
    reportLine: 'Bu xabar ustidan shikoyat qilish',
    reportLineTitle: '{name} yozgan bu xabar ustidan shikoyat qilasizmi?',
    playbanTitle: '{time} gacha boshqa odamlar bilan o‘ynay olmaysiz',
    playbanWhy: 'So‘nggi {days} kunda o‘yinni tashlab ketdingiz yoki yutqazilgan holatda vaqtingizni tugatdingiz ({count} marta). Bu raqibingizni kutishga majbur qiladi, shuning uchun chaqiruvlar, tezkor juftlash va shaxsiy chaqiruvlar sizga yana {minutes} daqiqa yopiq.',
    playbanAdvice: 'O‘yinni tashlab ketish yoki vaqt tugashini kutish o‘rniga taslim bo‘ling: har safar tanaffus uzayadi.',
    playbanOpen: 'Kompyuter bilan o‘yinlar, masalalar va darslar ochiq.',
    playbanWarning: 'So‘nggi {days} kunda o‘yinni tashlab ketdingiz yoki yutqazilgan holatda vaqtingizni tugatdingiz. Tashlab ketish yoki vaqtni tugatish o‘rniga taslim bo‘ling: keyingi safar odamlar bilan {minutes} daqiqa o‘ynay olmaysiz.',
    endingLeft: 'o‘yinni tashlab ketdi',
    endingSat: 'vaqtini tugatdi',
    moderation: 'Moderatsiya',
    forModerators: 'Bu sahifa faqat moderatorlar uchun.',
    openReports: 'Ochiq shikoyatlar',
    closedReports: 'Yopilgan shikoyatlar',
    auditLog: 'Amallar jurnali',
    noReports: 'Shikoyatlar yo‘q.',
    noAudit: 'Amallar jurnali bo‘sh.',
    reportedBy: 'shikoyat qilgan',
    reportedPlayer: 'O‘yinchi',
    openGame: 'O‘yinni ochish',
    chatLine: 'Chatdagi xabar',
    outcome: 'Natija',
    outcomeHint: 'Nima qilindi (jurnal uchun)',
    closeReport: 'Shikoyatni yopish',
    closedBy: 'Yopgan: {name}',
    actionReason: 'Amal sababi',
    actionReasonHint: 'Nega (jurnalda saqlanadi)',
    mute1h: 'Chatni 1 soatga o‘chirish',
    mute24h: 'Chatni 24 soatga o‘chirish',
    unmute: 'Chatni qaytarish',
    closeAccount: 'Hisobni yopish',
    reopenAccount: 'Hisobni qayta ochish',
    closeConfirm: '{name} hisobini yopasizmi? U endi kira olmaydi.',
    mutedUntil: 'Chat {time} gacha o‘chirilgan',
    accountClosed: 'Hisob yopilgan',
    playbanUntil: '{time} gacha odamlar bilan o‘ynay olmaydi',
    badEndings: '7 kunda tashlab ketilgan yoki vaqti tugatilgan o‘yinlar: {n}',
    when: 'Qachon',
    who: 'Kim',
    what: 'Amal',
    target: 'Kimga tegishli',
    detail: 'Tafsilot',
    actions: {
      close_report: 'shikoyatni yopdi',
      mute: 'chatni o‘chirdi',
      unmute: 'chatni qaytardi',
      close_account: 'hisobni yopdi',
      reopen_account: 'hisobni qayta ochdi',
      playban: 'o‘yin taqiqi',
      playban_warning: 'ogohlantirish',
      grant_moderator: 'moderator qilib tayinladi',
      revoke_moderator: 'moderatorlikdan oldi',
    },
    loadMore: 'Avvalgi yozuvlar',
    done: 'Tayyor.',
  },
};
