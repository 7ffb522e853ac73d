// The rules of each game for learners, written from ../shared/rules/*.md (the law of the
// project) in the four UI languages. Diagrams are lesson steps: real positions the server draws
// and checks (data/lessons/).
import type { Texts } from './learn_api';
import type { DiagramRef } from './rules_diagram';

export interface RulesSection {
  heading: Texts;
  points: Texts[];
  diagram?: DiagramRef;
}
export interface RulesDoc {
  title: Texts;
  summary: Texts;
  sections: RulesSection[];
}

const T = (kk: string, uz: string, ru: string, en: string): Texts => ({ kk, uz, ru, en });

const togyz: RulesDoc = {
  title: T('Тоғызқұмалақ ережесі', 'To‘g‘iz qumalaq qoidalari', 'Правила тогыз кумалак', 'The rules of Togyz Kumalak'),
  summary: T('Екі ойыншы, әрқайсысында 9 отау және бір қазан. Басында әр отауда 9 құмалақ, барлығы 162. Қазанына 81-ден көп жинаған жеңеді.',
    'Ikki o‘yinchi, har birida 9 ta chuqurcha va bitta qozon. Boshida har bir chuqurchada 9 tadan tosh, jami 162. Qozoniga 81 dan ko‘p yiqqan g‘olib.',
    'Два игрока, у каждого 9 лунок и казан. В начале в каждой лунке 9 камней, всего 162. Побеждает тот, кто соберёт в казане больше 81.',
    'Two players, each with 9 pits and a store (kazan). At the start every pit holds 9 stones, 162 in all. Whoever gathers more than 81 in the kazan wins.'),
  sections: [
    {
      heading: T('Жүріс', 'Yurish', 'Ход', 'A move'),
      points: [
        T('Ақ бастайды. Өз жағыңыздағы бос емес кез келген отауды таңдайсыз; жүрістен бас тартуға болмайды.',
          'Oqlar boshlaydi. O‘z tomoningizdagi bo‘sh bo‘lmagan istalgan chuqurchani tanlaysiz; yurishdan voz kechib bo‘lmaydi.',
          'Начинают белые. Вы выбираете любую непустую свою лунку; пропустить ход нельзя.',
          'White moves first. You pick any non-empty pit of your own; passing is impossible.'),
        T('Бір құмалақ сол отауға қайта салынады, қалғандары сағат тіліне қарсы келесі отауларға бір-бірден таратылады: ақтың 1→9, сосын қараның 1→9.',
          'Bitta tosh o‘sha chuqurchaga qaytadi, qolganlari soat miliga teskari keyingi chuqurchalarga bittadan taqsimlanadi: oqning 1→9, so‘ng qoraning 1→9.',
          'Один камень кладётся обратно в ту же лунку, остальные по одному раскладываются против часовой стрелки: белые 1→9, затем чёрные 1→9.',
          'One stone goes back into the start pit, the others are sown one by one counter-clockwise: White 1→9, then Black 1→9.'),
        T('Отауда бір ғана құмалақ болса, ол келесі отауға өтеді.', 'Chuqurchada bitta tosh bo‘lsa, u keyingi chuqurchaga o‘tadi.',
          'Если в лунке один камень, он переходит в следующую лунку.', 'A single stone moves on to the next pit.'),
      ],
      diagram: { lesson: 'togyz-sowing', step: 1, caption: T('Бастапқы позиция.', 'Boshlang‘ich holat.', 'Начальная позиция.', 'The start position.') },
    },
    {
      heading: T('Алу', 'Olish', 'Взятие', 'Capture'),
      points: [
        T('Соңғы құмалақ қарсыластың отауына түсіп, ондағы құмалақ саны жұп болса (2, 4, …), барлығы сіздің қазаныңызға түседі.',
          'Oxirgi tosh raqibning chuqurchasiga tushib, undagi toshlar soni juft bo‘lsa (2, 4, …), hammasi sizning qozoningizga tushadi.',
          'Если последний камень упал в лунку соперника и там стало чётное число (2, 4, …), все камни этой лунки идут в ваш казан.',
          'If the last stone lands in an opponent\'s pit and makes its count even (2, 4, …), all its stones go to your kazan.'),
        T('Өз жағыңызда аяқталған жүріс ешқашан алмайды.', 'O‘z tomoningizda tugagan yurish hech qachon olmaydi.',
          'Ход, закончившийся на своей стороне, никогда не берёт.', 'A move ending on your own side never captures.'),
      ],
      diagram: { lesson: 'togyz-capture', step: 1, caption: T('Жұп санмен алу.', 'Juft son bilan olish.', 'Взятие на чётном числе.', 'A capture on an even count.') },
    },
    {
      heading: T('Тұздық', 'Tuzdiq', 'Туздык', 'The tuzdyk'),
      points: [
        T('Соңғы құмалақ қарсыластың отауында дәл 3 құмалақ жасаса, ол отау сіздің тұздығыңыз болады: 3 құмалақ қазанға, ал кейін оған түскен әр құмалақ сіздің қазаныңызға барады.',
          'Oxirgi tosh raqib chuqurchasida aynan 3 ta tosh hosil qilsa, u chuqurcha sizning tuzdig‘ingiz bo‘ladi: 3 tosh qozonga, keyin unga tushgan har bir tosh sizning qozoningizga boradi.',
          'Если последний камень сделал в лунке соперника ровно 3, лунка становится вашим туздыком: 3 камня в казан, и каждый камень, попавший в неё потом, идёт в ваш казан.',
          'If the last stone makes exactly 3 in an opponent\'s pit, that pit becomes your tuzdyk: its 3 stones go to your kazan, and every stone that would fall into it later goes to your kazan.'),
        T('Үш шектеу: ойында әр ойыншыда бір ғана тұздық; қарсыластың 9-отауы тұздық болмайды; қарсыластың тұздығымен бірдей нөмірлі отау тұздық болмайды.',
          'Uch cheklov: o‘yinda har bir o‘yinchida bitta tuzdiq; raqibning 9-chuqurchasi tuzdiq bo‘lmaydi; raqib tuzdig‘i bilan bir xil raqamli chuqurcha tuzdiq bo‘lmaydi.',
          'Три ограничения: у каждого только один туздык за партию; лунка 9 соперника туздыком не становится; нельзя лунку с тем же номером, что у туздыка соперника.',
          'Three limits: one tuzdyk per player per game; the opponent\'s pit 9 can never be one; nor a pit with the same number as the opponent\'s tuzdyk.'),
        T('Тұздық автоматты түрде жасалады, одан бас тартуға болмайды.', 'Tuzdiq avtomatik hosil bo‘ladi, undan voz kechib bo‘lmaydi.',
          'Туздык создаётся автоматически, отказаться нельзя.', 'A tuzdyk is made automatically; it cannot be refused.'),
      ],
      diagram: { lesson: 'togyz-tuzdyk', step: 1, caption: T('Тұздық жасайтын жүріс бар.', 'Tuzdiq hosil qiladigan yurish bor.', 'Есть ход, создающий туздык.', 'One move here makes a tuzdyk.') },
    },
    {
      heading: T('Ойынның соңы', 'O‘yin oxiri', 'Конец партии', 'End of the game'),
      points: [
        T('Қазанында 81-ден көп құмалақ жинаған бірден жеңеді. 81:81 — тең.', 'Qozonida 81 dan ko‘p tosh yiqqan darhol yutadi. 81:81 — durang.',
          'Больше 81 камня в казане — сразу победа. 81:81 — ничья.', 'More than 81 stones in the kazan wins at once. 81:81 is a draw.'),
        T('Атсырау: жүру кезегі келген ойыншының отауларында құмалақ қалмаса, қарсылас өз отауларындағы құмалақтарды өз қазанына салады, ойын бітеді, қазаны үлкен жеңеді.',
          'Atsyrau: navbatdagi o‘yinchining chuqurchalarida tosh qolmasa, raqib o‘z chuqurchalaridagi toshlarni o‘z qozoniga soladi, o‘yin tugaydi, qozoni katta yutadi.',
          'Атсырау: если у того, чей ход, не осталось камней, соперник забирает свои оставшиеся камни в свой казан, партия кончается, побеждает больший казан.',
          'Atsyrau: when the side to move has no stones left, the other side puts all stones from its own pits into its kazan; the game ends and the larger kazan wins.'),
      ],
      diagram: { lesson: 'togyz-atsyrau', step: 1, caption: T('Атсырауға жақын позиция.', 'Atsyrauga yaqin holat.', 'Позиция перед атсырау.', 'A position close to atsyrau.') },
    },
  ],
};

const tojmot: RulesDoc = {
  title: T('Тожмот ережесі', 'Tojmot qoidalari', 'Правила тожмот', 'The rules of Tojmot'),
  summary: T('89 ромб ұяшықты тақта (45° бұрылған шахмат тақтасы), әр жақта 18 тас. Мақсат — қарсыластың 1-іне (Тожына) мат қою.',
    '89 romb katakli taxta (45° ga burilgan shaxmat taxtasi), har tomonda 18 dona. Maqsad — raqibning 1 iga (Tojiga) mot qilish.',
    'Доска из 89 ромбов (шахматная доска, повёрнутая на 45°), у каждой стороны 18 фигур. Цель — мат чужой 1 (Тожу).',
    'A board of 89 diamond cells (a chessboard turned 45°), 18 pieces a side. The aim: mate the enemy 1 (the Toj).'),
  sections: [
    {
      heading: T('Тақта мен қадамдар', 'Taxta va qadamlar', 'Доска и шаги', 'Board and steps'),
      points: [
        T('Ұяшықтар A..N бағаны мен 1..17 қатарымен аталады. Ақтар төменде (1–5 қатарлар), қаралар жоғарыда (13–17).',
          'Kataklar A..N ustun va 1..17 qator bilan ataladi. Oqlar pastda (1–5 qatorlar), qoralar yuqorida (13–17).',
          'Поля называются столбцом A..N и рядом 1..17. Белые внизу (ряды 1–5), чёрные наверху (13–17).',
          'Cells are named by column A..N and row 1..17. White sits at rows 1–5, Black at rows 13–17.'),
        T('Қыр қадамы (±1, ±1) басқа түске өтеді; төбе қадамы (0, ±2) немесе (±2, 0) өз түсінде қалады.',
          'Qirra qadami (±1, ±1) boshqa rangga o‘tadi; uch qadami (0, ±2) yoki (±2, 0) o‘z rangida qoladi.',
          'Шаг через ребро (±1, ±1) ведёт на другой цвет; шаг через вершину (0, ±2) или (±2, 0) — на свой.',
          'An edge step (±1, ±1) goes to the other colour; a corner step (0, ±2) or (±2, 0) stays on the same colour.'),
        T('Ақ бастайды, бір кезекте бір жүріс, жүрістен бас тартуға болмайды.', 'Oqlar boshlaydi, bir navbatda bir yurish, yurishdan voz kechib bo‘lmaydi.',
          'Начинают белые, один ход за раз, пропускать нельзя.', 'White moves first, one move a turn, no passing.'),
      ],
      diagram: { lesson: 'tojmot-piece-7', step: 1, caption: T('7 8 бағытпен сырғиды.', '7 8 yo‘nalishda siljiydi.', '7 скользит в 8 направлениях.', 'The 7 slides in 8 directions.') },
    },
    {
      heading: T('Тастар', 'Donalar', 'Фигуры', 'The pieces'),
      points: [
        T('1 (Тож) және 9: 8 бағытқа бір қадам. 1 — патша, оны алуға болмайды; 9 — жай тас.', '1 (Toj) va 9: 8 yo‘nalishda bir qadam. 1 — shoh, uni olib bo‘lmaydi; 9 — oddiy dona.',
          '1 (Тож) и 9: шаг в 8 направлениях. 1 — королевская, её нельзя взять; 9 — обычная фигура.', '1 (the Toj) and 9: one step in 8 directions. The 1 is royal and can never be captured; the 9 is not.'),
        T('2: бір төбе қадамы. 4: төбе бағыттарымен сырғиды. 8: қыр бағыттарымен сырғиды. 7: 8 бағыттың бәрімен сырғиды.',
          '2: bitta uch qadami. 4: uch yo‘nalishlari bo‘yicha siljiydi. 8: qirra yo‘nalishlari bo‘yicha siljiydi. 7: barcha 8 yo‘nalishda siljiydi.',
          '2: один шаг через вершину. 4: скользит по направлениям вершин. 8: скользит по направлениям рёбер. 7: скользит во всех 8 направлениях.',
          '2: one corner step. 4: slides along corner directions. 8: slides along edge directions. 7: slides in all 8 directions.'),
        T('Секірушілер (арадағы тастар кедергі емес): 3 — (±1, ±3), (±3, ±1); 5 — (±2, ±2); 6 — (±2, ±4).',
          'Sakrovchilar (oradagi donalar to‘siq emas): 3 — (±1, ±3), (±3, ±1); 5 — (±2, ±2); 6 — (±2, ±4).',
          'Прыгающие (фигуры на пути не мешают): 3 — (±1, ±3), (±3, ±1); 5 — (±2, ±2); 6 — (±2, ±4).',
          'Leapers (nothing in between blocks them): 3 — (±1, ±3), (±3, ±1); 5 — (±2, ±2); 6 — (±2, ±4).'),
        T('Рим тастары II, III, IV, V, VI, VIII, IX және екі X: бір қадам қиғаш алға. Барлық тастар жүрген жолымен алады; сырғушылар бірінші тасқа дейін жүреді.',
          'Rim donalari II, III, IV, V, VI, VIII, IX va ikkita X: bir qadam qiya oldinga. Barcha donalar yurgan yo‘li bilan oladi; siljuvchilar birinchi donagacha yuradi.',
          'Римские II, III, IV, V, VI, VIII, IX и два X: шаг наискосок вперёд. Все фигуры бьют так же, как ходят; скользящие идут до первой фигуры.',
          'The Romans II, III, IV, V, VI, VIII, IX and the two X: one edge step diagonally forward. Every piece captures the way it moves; sliders stop at the first piece.'),
      ],
    },
    {
      heading: T('Тож аймағы', 'Toj zonasi', 'Зона Тожа', 'The Toj\'s zone'),
      points: [
        T('Ақтардың аймағы G1, F2, H2; қаралардікі G17, F16, H16. Қарсылас тастары (қарсылас 1-і де) аймаққа кірмейді, алу үшін де.',
          'Oqlar zonasi G1, F2, H2; qoralarniki G17, F16, H16. Raqib donalari (raqib 1 i ham) zonaga kirmaydi, olish uchun ham.',
          'Зона белых G1, F2, H2; чёрных G17, F16, H16. Чужие фигуры (и чужая 1) в зону не входят, даже чтобы взять.',
          'White\'s zone is G1, F2, H2; Black\'s G17, F16, H16. Enemy pieces (the enemy 1 too) never enter it, not even to capture.'),
        T('Бос аймақ ұяшығы арқылы шабуыл өтеді: алыстан аймақ «арқылы» берілген шах — шах.',
          'Bo‘sh zona katagi orqali hujum o‘tadi: uzoqdan zona «orqali» berilgan shoh — shoh.',
          'Атака проходит сквозь пустое поле зоны: шах «через» зону издалека — это шах.',
          'Attacks pass through empty zone cells: a check through the zone from afar is a check.'),
      ],
      diagram: { lesson: 'tojmot-zone', step: 2, caption: T('F2 арқылы шах.', 'F2 orqali shoh.', 'Шах через F2.', 'Check through F2.') },
    },
    {
      heading: T('Шах, мат, пот', 'Shoh, mot, pot', 'Шах, мат, пот', 'Check, mate, pot'),
      points: [
        T('1 шахта қалатын жүріс жасауға болмайды. Екі 1 ешқашан жанаспайды.', '1 shohda qoladigan yurish qilib bo‘lmaydi. Ikki 1 hech qachon tegmaydi.',
          'Нельзя ходить так, чтобы своя 1 осталась под шахом. Две 1 никогда не соприкасаются.', 'No move may leave your own 1 in check. The two 1s never touch.'),
        T('Мат: шах және заңды жүріс жоқ — жүру кезегіндегі жақ жеңіледі.', 'Mot: shoh va qonuniy yurish yo‘q — navbatdagi tomon yutqazadi.',
          'Мат: шах и нет ни одного хода — тот, чей ход, проиграл.', 'Mate: in check with no legal move — the side to move loses.'),
        T('Тең ойын: пот (шах жоқ, жүріс жоқ); тек екі 1 қалды; келісім; үш рет қайталану; 100 жарты жүріс алусыз және Рим/X жүрісінсіз.',
          'Durang: pot (shoh yo‘q, yurish yo‘q); faqat ikki 1 qoldi; kelishuv; uch marta takrorlanish; 100 yarim yurish olishsiz va Rim/X yurishisiz.',
          'Ничья: пот (шаха нет, ходов нет); остались только две 1; по согласию; троекратное повторение; 100 полуходов без взятия и хода римской/X.',
          'Draws: pot (no check, no move); only the two 1s left; agreement; threefold repetition; 100 plies without a capture or a Roman/X move.'),
      ],
      diagram: { lesson: 'tojmot-check-mate', step: 2, caption: T('Қаралар бір жүрісте мат қояды.', 'Qoralar bir yurishda mot qiladi.', 'Чёрные ставят мат в один ход.', 'Black mates in one.') },
    },
    {
      heading: T('Айналу', 'Aylanish', 'Превращение', 'Promotion'),
      points: [
        T('Рим тасы немесе X қарсылас X-інің бастапқы ұяшығына жетсе (ақтарға E15, I15; қараларға E3, I3), бірден айналады.',
          'Rim donasi yoki X raqib X ining boshlang‘ich katagiga yetsa (oqlarga E15, I15; qoralarga E3, I3), darhol aylanadi.',
          'Римская фигура или X, дойдя до начального поля чужого X (белым E15, I15; чёрным E3, I3), сразу превращается.',
          'A Roman or X reaching the start cell of an enemy X (White: E15, I15; Black: E3, I3) promotes at once.'),
        T('Рим тасы өз цифрына айналады (II→2 … IX→9); X — өзіңіз таңдаған 2..9 тасқа. Алға жүре алмайтын Рим тасы тұра береді.',
          'Rim donasi o‘z raqamiga aylanadi (II→2 … IX→9); X — o‘zingiz tanlagan 2..9 donaga. Oldinga yura olmaydigan Rim donasi turaveradi.',
          'Римская становится своей цифрой (II→2 … IX→9); X — любой фигурой 2..9 на ваш выбор. Римская, которой некуда идти вперёд, просто стоит.',
          'A Roman becomes its own numeral (II→2 … IX→9); an X any piece 2..9 you choose. A Roman that cannot move forward just stays.'),
      ],
      diagram: { lesson: 'tojmot-promotion', step: 1, caption: T('IX E15-те 9-ға айналады.', 'IX E15 da 9 ga aylanadi.', 'IX на E15 станет 9.', 'The IX becomes a 9 on E15.') },
    },
  ],
};

const capgo: RulesDoc = {
  title: T('Алу ғо ережесі', 'Olish go qoidalari', 'Правила го на взятие', 'The rules of capture Go'),
  summary: T('Қытай ғо ережесі, бір айырмасы бар: белгіленген санды (әдетте 1) бірінші алған жеңеді.',
    'Xitoy go qoidalari, bitta farqi bor: belgilangan sonni (odatda 1) birinchi olgan g‘olib.',
    'Китайские правила го с одним отличием: побеждает тот, кто первым возьмёт заданное число камней (обычно 1).',
    'The Chinese rules of Go with one difference: whoever first captures the set number of stones (usually 1) wins.'),
  sections: [
    {
      heading: T('Жүріс және тыныс', 'Yurish va nafas', 'Ход и дамэ', 'Moves and liberties'),
      points: [
        T('Қара бастайды. Жүріс — бос қиылысқа бір тас қою (немесе пас). Тастар кейін жылжымайды.',
          'Qoralar boshlaydi. Yurish — bo‘sh kesishmaga bitta tosh qo‘yish (yoki pas). Toshlar keyin siljimaydi.',
          'Начинают чёрные. Ход — поставить камень на свободный пункт (или пас). Камни потом не двигаются.',
          'Black moves first. A move places one stone on an empty point (or passes). Stones never move afterwards.'),
        T('Тізбек — көлденең/тік жалғасқан бір түсті тастар. Оның тыныстары — жанындағы бос нүктелер.',
          'Zanjir — gorizontal/vertikal ulangan bir xil rangli toshlar. Uning nafaslari — yonidagi bo‘sh nuqtalar.',
          'Цепь — камни одного цвета, соединённые по линиям. Её дамэ — соседние свободные пункты.',
          'A chain is stones of one colour joined along the lines; its liberties are the empty points next to it.'),
      ],
      diagram: { lesson: 'capgo-liberties', step: 1, caption: T('Тыныстарды санаңыз.', 'Nafaslarni sanang.', 'Посчитайте дамэ.', 'Count the liberties.') },
    },
    {
      heading: T('Алу', 'Olish', 'Взятие', 'Capture'),
      points: [
        T('Тас қойылғаннан кейін алдымен тынысы жоқ қарсылас тізбектері алынады.', 'Tosh qo‘yilgandan keyin avval nafasi yo‘q raqib zanjirlari olinadi.',
          'После хода сначала снимаются цепи соперника без дамэ.', 'After a stone is placed, every opponent chain without liberties is removed first.'),
        T('Сосын өз тізбегіңізде тыныс қалмаса — жүріс заңсыз (өзін-өзі өлтіру тыйым салынған).', 'So‘ng o‘z zanjiringizda nafas qolmasa — yurish noqonuniy (o‘zini o‘ldirish man etilgan).',
          'Затем, если у своей цепи нет дамэ, ход незаконен (самоубийство запрещено).', 'Then, if your own chain has no liberty, the move was illegal (suicide is forbidden).'),
        T('Позициялық суперко: бұрын болған позицияны қайталайтын жүріс тыйым салынған.', 'Pozitsion superko: avval bo‘lgan holatni takrorlaydigan yurish man etilgan.',
          'Позиционное суперко: нельзя повторять позицию, которая уже была.', 'Positional superko: no move may recreate an earlier whole-board position.'),
      ],
      diagram: { lesson: 'capgo-capture', step: 1, caption: T('Бір жүрісте алу.', 'Bir yurishda olish.', 'Взятие в один ход.', 'A capture in one move.') },
    },
    {
      heading: T('Ойынның соңы', 'O‘yin oxiri', 'Конец партии', 'End of the game'),
      points: [
        T('Алынған тас саны мақсатқа жеткен ойыншы бірден жеңеді.', 'Olingan toshlar soni maqsadga yetgan o‘yinchi darhol yutadi.',
          'Кто набрал нужное число взятых камней, сразу побеждает.', 'The player whose captures reach the target wins at once.'),
        T('Қатарынан екі пас: көп алған жеңеді, тең болса — тең ойын. Пасқа тыйым салынса, жүрісі жоқ ойыншы жеңіледі.',
          'Ketma-ket ikki pas: ko‘p olgan yutadi, teng bo‘lsa — durang. Pas man etilsa, yurishi yo‘q o‘yinchi yutqazadi.',
          'Два паса подряд: побеждает взявший больше, поровну — ничья. Если пас запрещён, тот, у кого нет хода, проигрывает.',
          'Two passes in a row: more captures wins, equal is a draw. When passing is forbidden, a player with no legal move loses.'),
        T('Баптаулар: тақта 2..19 (әдетте 9), мақсат 1..361, түс бойынша бөлек мақсат, бастапқы тастар.',
          'Sozlamalar: taxta 2..19 (odatda 9), maqsad 1..361, rang bo‘yicha alohida maqsad, boshlang‘ich toshlar.',
          'Настройки: доска 2..19 (обычно 9), цель 1..361, отдельная цель для каждого цвета, стартовые камни.',
          'Settings: board 2..19 (default 9), target 1..361, a separate target per colour, starting stones.'),
      ],
    },
  ],
};

export const RULES: Record<string, RulesDoc> = { togyz, tojmot, capgo };
