package charset

// Common characters for the statistical detector. A character found here
// is far likelier in real text than one merely valid in the charset. The
// lists are the usual high-frequency characters of modern written Chinese,
// Japanese and Korean, plus the vocabulary of go (weiqi, igo, baduk)
// records: player names, ranks, results and comments.

// commonSimplified: the most frequent simplified Chinese characters, then
// go terms.
const commonSimplified = "" +
	"的一是不了在人有我他这个们中来上大为和国地到以说时要就出会可也你对生能而子那得于着下自之年过发后作里用道行所然家种事成方多经么去法学如都同现当没动面起看定天分还进好小部其些主样理心她本前开但因只从想实日军者意无力它与长把机十民第公此已工使情明性知全三又关点正业外将两高间由问很最重并物手应战向头文体政美相见被利什二等产或新己制身果加西斯月话合回特代内信表化老给世位次度门任常先海通教儿原东声提立及比员解水名真论处走义各入几口认条平系气题活尔更别打女变四神总何电数安少报才结反受目太量再感建务做接必场件计管期市直德资命山金指克许统区保至队形社便空决治展马科司五基眼书非则听白却界达光放强即像难且权思王象完设式色路记南品住告类求据程北边死张该交规万取拉格望觉术领共确传师观清今切院让识候带导争运笑飞风步改收根干造言联持组每济车亲极林服快办议往元英士证近失转夫令准布始怎呢存未远叫台单影具罗字爱击流备兵连调深商算质团集百需价花党华城石级整府离况亚请技际约示复病息究线似官火断精满支视消越器容照须九增研写称企八功吗包片史委乎查轻易早曾除农找装广显吧阿李标谈吃图念六引历首医局突专费号尽另周较注语仅考落青随选列武红响虽推势参希古众构房半节土投某案黑维革划敢微陈助" +
	"围棋胜负贴让盘劫眉角腹星读秒限则执弈冠军赛届杯因坊圣座段级输赢和棋复盘对局黑方白方先手后手中盘吃子提子打劫死活征子官子收官布局定式手筋妙手恶手败着本局评论讲解变化参考图正解失败柯洁古力常昊聂卫平马晓春周睿羊唐韦星芈昱廷陈耀烨朴廷桓李世石申真谞井山裕太绝艺星阵骊龙天下无狗神的血脉"

// commonTraditional: the same vocabulary in traditional characters (the
// characters both scripts share are taken from commonSimplified).
const commonTraditional = "" +
	"這個們來為國會對說時過發後裡麼經學現當沒動還進樣開從實軍無與長機關點業將兩間問最戰頭體見話產們為給門東聲員題爾別變總電數報結資難權將聽卻達強張該規萬覺術領確傳師觀讓識帶導爭運飛風聯組濟車親極辦議轉準遠單羅愛擊備連調團價黨華級離況亞請際約複線斷滿視須寫稱農裝廣顯圖歷醫專費號盡較語僅隨選紅響雖勢參眾構節維劃陳" +
	"圍棋勝負貼讓盤劫腹讀執弈冠軍賽屆聖級輸贏對局黑方白方先手後手中盤吃子提子打劫死活徵子官子收官佈局定式手筋妙手惡手敗著評論講解變化參考圖正解失敗遊戲種從其被遺忘起源開始首先播東亞地區然後整世界"

// commonJapanese: frequent kanji of Japanese text and go records
// (hiragana and katakana are scored as classes).
const commonJapanese = "" +
	"日本人年大中出国会上生時分行見前学後事手本私今何気言思自話間家子女男物方長来入下小山川田金円目口足水火木土月曜週東西南北午先名白黒石局勝負段打碁盤対戦番置半持秒読投了押引囲棋院因坊王座天元十聖位新竜星第回期決予選準優者" +
	"一二三四五六七八九百千万同社事業部場合最高代表明発動実作用問題理由意味感情報告開始終結果以外全体内容世界地域起源古最初広忘次"

// commonHangul: the most frequent Hangul syllables of Korean text, then
// baduk terms.
const commonHangul = "" +
	"이의다는에을하고가기지로서도한자리나사대정인수게시어를아일들만요니국세해전보상면주그부것라되구제무장여치원동우있것같때더또및위후년월명중내적경성현공생화신문회연간개관물발행비방실입통소업분작말체래양학저음진터속점번함알데날께않좋많과와으은습했었겠할없이며서면까지부터에서으로에게" +
	"바둑흑백승패집반단프로선수대회결초종계불덤호선기보수순착점패싸움사활끝내기포석정석묘수악수"

// commonPunctuation: full-width punctuation of CJK text.
const commonPunctuation = "，。、：；？！“”‘’（）《》「」『』【】…—·～　ー・"

type letterFreq struct {
	r rune
	p float64
}

// language is the share of each accented lowercase letter among the
// non-ASCII letters of one language's text (capitals are scored at a
// tenth of their small letter) with the letters around it, and how often
// the language turns up in its charset family.
type language struct {
	name    string
	prior   float64
	letters []contextLetter
}

// contextLetter is a letter's share, the chance that it ends a word, and
// the chance that an ASCII letter after it is a vowel: Czech ř stands
// before vowels ("Dvořák", "Jiří"), Danish ø before consonants ("Søren"),
// Italian ì ò ù end words ("Forlì", "perciò"), French è never does.
type contextLetter struct {
	r            rune
	p            float64
	final, vowel float64
}

// westernLanguages: the languages of windows-1252/ISO-8859-1 text. The
// shares are rough estimates from common words and names, not counts of a
// corpus; what matters is which letters a language uses at all and which
// dominate (French é, German ü ä ö ß, Nordic å ø æ).
var westernLanguages = []language{
	{"French", 0.30, []contextLetter{{'é', 0.50, 0.35, 0.5}, {'è', 0.08, 0.02, 0.05}, {'à', 0.10, 0.9, 0.3}, {'ç', 0.03, 0.01, 0.95}, {'ê', 0.06, 0.05, 0.2}, {'â', 0.02, 0.02, 0.2},
		{'ô', 0.02, 0.05, 0.2}, {'î', 0.01, 0.02, 0.2}, {'û', 0.01, 0.1, 0.2}, {'ù', 0.02, 0.95, 0.5}, {'ë', 0.005, 0.2, 0.3}, {'ï', 0.005, 0.1, 0.3}, {'œ', 0.01, 0.0, 0.3}}},
	{"German", 0.22, []contextLetter{{'ü', 0.28, 0.02, 0.1}, {'ä', 0.25, 0.02, 0.1}, {'ö', 0.22, 0.02, 0.1}, {'ß', 0.22, 0.3, 0.5}, {'é', 0.03, 0.3, 0.3}}},
	{"Spanish", 0.15, []contextLetter{{'á', 0.20, 0.4, 0.3}, {'é', 0.20, 0.3, 0.3}, {'í', 0.20, 0.3, 0.5}, {'ó', 0.22, 0.5, 0.1}, {'ú', 0.05, 0.2, 0.3}, {'ñ', 0.10, 0.0, 0.95}, {'ü', 0.01, 0.0, 0.9}}},
	{"Portuguese", 0.08, []contextLetter{{'ã', 0.18, 0.1, 0.95}, {'á', 0.13, 0.3, 0.3}, {'é', 0.14, 0.4, 0.3}, {'ç', 0.15, 0.0, 0.95}, {'ó', 0.07, 0.3, 0.2}, {'í', 0.08, 0.2, 0.3},
		{'ê', 0.07, 0.3, 0.3}, {'ú', 0.03, 0.1, 0.3}, {'â', 0.03, 0.2, 0.3}, {'õ', 0.05, 0.0, 0.95}, {'à', 0.03, 0.9, 0.5}, {'ô', 0.03, 0.3, 0.3}}},
	{"Italian", 0.08, []contextLetter{{'è', 0.35, 0.9, 0.3}, {'à', 0.22, 0.95, 0.5}, {'ù', 0.10, 0.95, 0.5}, {'ò', 0.15, 0.95, 0.5}, {'ì', 0.10, 0.95, 0.5}, {'é', 0.08, 0.9, 0.5}}},
	{"Nordic", 0.12, []contextLetter{{'ä', 0.22, 0.1, 0.2}, {'ö', 0.20, 0.1, 0.2}, {'å', 0.20, 0.3, 0.1}, {'ø', 0.15, 0.05, 0.2}, {'æ', 0.10, 0.05, 0.2}, {'ð', 0.03, 0.4, 0.3},
		{'þ', 0.02, 0.0, 0.8}, {'á', 0.03, 0.2, 0.4}, {'é', 0.02, 0.2, 0.4}, {'ü', 0.01, 0.05, 0.2}, {'í', 0.01, 0.2, 0.4}, {'ó', 0.01, 0.2, 0.4}}},
	{"Dutch", 0.05, []contextLetter{{'é', 0.40, 0.3, 0.4}, {'ë', 0.30, 0.3, 0.2}, {'ï', 0.15, 0.1, 0.2}, {'è', 0.10, 0.0, 0.1}, {'ö', 0.05, 0.1, 0.2}}},
}

// centralLanguages: the languages of windows-1250/ISO-8859-2 text
// (Romanian with the cedilla letters ş ţ these charsets have).
var centralLanguages = []language{
	{"Czech", 0.28, []contextLetter{{'í', 0.15, 0.4, 0.3}, {'á', 0.15, 0.35, 0.2}, {'é', 0.10, 0.35, 0.3}, {'ě', 0.10, 0.35, 0.15}, {'ř', 0.07, 0.03, 0.85}, {'č', 0.07, 0.05, 0.6}, {'ý', 0.09, 0.7, 0.2},
		{'š', 0.07, 0.3, 0.4}, {'ž', 0.06, 0.1, 0.6}, {'ů', 0.03, 0.2, 0.05}, {'ú', 0.01, 0.0, 0.2}, {'ň', 0.005, 0.2, 0.6}, {'ť', 0.005, 0.4, 0.5}, {'ď', 0.005, 0.3, 0.5}}},
	{"Slovak", 0.10, []contextLetter{{'á', 0.18, 0.35, 0.2}, {'í', 0.10, 0.3, 0.3}, {'é', 0.08, 0.35, 0.3}, {'ý', 0.08, 0.6, 0.2}, {'č', 0.07, 0.05, 0.6}, {'š', 0.07, 0.3, 0.4}, {'ž', 0.06, 0.1, 0.6},
		{'ľ', 0.07, 0.1, 0.6}, {'ť', 0.05, 0.4, 0.5}, {'ň', 0.03, 0.2, 0.6}, {'ô', 0.03, 0.05, 0.1}, {'ú', 0.05, 0.3, 0.3}, {'ä', 0.01, 0.1, 0.1}, {'ď', 0.03, 0.1, 0.6}, {'ó', 0.01, 0.1, 0.3},
		{'ĺ', 0.005, 0.0, 0.1}, {'ŕ', 0.005, 0.0, 0.1}}},
	{"Polish", 0.25, []contextLetter{{'ł', 0.20, 0.2, 0.7}, {'ę', 0.12, 0.5, 0.1}, {'ą', 0.12, 0.4, 0.1}, {'ó', 0.12, 0.02, 0.05}, {'ż', 0.10, 0.05, 0.8}, {'ś', 0.10, 0.2, 0.2},
		{'ć', 0.07, 0.7, 0.3}, {'ń', 0.05, 0.5, 0.1}, {'ź', 0.02, 0.2, 0.3}}},
	{"Hungarian", 0.17, []contextLetter{{'é', 0.30, 0.3, 0.3}, {'á', 0.25, 0.3, 0.2}, {'ö', 0.07, 0.05, 0.2}, {'ő', 0.07, 0.5, 0.1}, {'ó', 0.08, 0.5, 0.2}, {'ü', 0.05, 0.1, 0.2},
		{'ű', 0.03, 0.2, 0.1}, {'í', 0.08, 0.1, 0.3}, {'ú', 0.04, 0.2, 0.2}}},
	{"Slovenian/Croatian", 0.12, []contextLetter{{'č', 0.35, 0.3, 0.5}, {'š', 0.30, 0.1, 0.5}, {'ž', 0.25, 0.1, 0.6}, {'ć', 0.07, 0.9, 0.3}, {'đ', 0.03, 0.0, 0.9}}},
	{"Romanian", 0.08, []contextLetter{{'ă', 0.35, 0.6, 0.3}, {'î', 0.15, 0.0, 0.1}, {'â', 0.10, 0.0, 0.1}, {'ş', 0.20, 0.1, 0.5}, {'ţ', 0.20, 0.2, 0.7}}},
}

// russianLetters: letter frequencies of Russian text.
var russianLetters = []letterFreq{
	{'о', 0.110}, {'е', 0.085}, {'а', 0.080}, {'и', 0.074}, {'н', 0.067}, {'т', 0.063}, {'с', 0.055},
	{'р', 0.047}, {'в', 0.045}, {'л', 0.044}, {'к', 0.035}, {'м', 0.032}, {'д', 0.030}, {'п', 0.028},
	{'у', 0.026}, {'я', 0.020}, {'ы', 0.019}, {'ь', 0.017}, {'г', 0.017}, {'з', 0.016}, {'б', 0.016},
	{'ч', 0.014}, {'й', 0.012}, {'х', 0.010}, {'ж', 0.009}, {'ш', 0.007}, {'ю', 0.006}, {'ц', 0.005},
	{'щ', 0.004}, {'э', 0.003}, {'ф', 0.003}, {'ъ', 0.0004}, {'ё', 0.002},
}
