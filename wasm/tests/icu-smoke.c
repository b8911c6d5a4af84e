/*
 * Smoke test of TagCloud's ICU shim (Sources/CICUShim) in WebAssembly (scripts/build-wasm-icu): the
 * same program is built natively with the shim against the system's ICU and for wasm32-wasi against
 * the built archives, and scripts/check-wasm-libs requires the two outputs to be identical. It
 * prints only integers, hashes and the sample texts' own segments.
 *
 * (a) bidi: paragraph direction and visual runs of mixed Hebrew, Arabic, Latin and digits, with
 *     the explicit embeddings, overrides and isolates;
 * (b) word breaks with rule status of sample sentences in several languages (ICU's dictionaries
 *     for Chinese, Japanese, Thai, Khmer, Lao and Burmese), with the root rules and each language's;
 *     then every locale with break rules of its own, and some without, over all the samples;
 * (c) case folding and NFC of a few strings;
 * (d) regular expressions: matches, a syntax error, the backtracking limits;
 * (e) every code point's script code, word class, bidi reordering, folding and NFC, as hashes.
 */
#include "CICUShim.h"
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <uchar.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uversion.h>

static int32_t length16(const char16_t *s)
{
    int32_t n = 0;
    while (s[n]) n++;
    return n;
}

static uint32_t fnv1a(uint32_t hash, int64_t value)
{
    for (int i = 0; i < 8; i++, value >>= 8)
        hash = (hash ^ (uint32_t)(value & 0xff)) * 16777619u;
    return hash;
}

/* Prints UTF-16 text as UTF-8 (a lone surrogate as U+FFFD). */
static void put16(const uint16_t *s, int32_t length)
{
    for (int32_t i = 0; i < length; i++) {
        uint32_t c = s[i];
        if (c >= 0xD800 && c < 0xDC00 && i + 1 < length && s[i + 1] >= 0xDC00 && s[i + 1] < 0xE000)
            c = 0x10000 + ((c - 0xD800) << 10) + (s[++i] - 0xDC00);
        else if (c >= 0xD800 && c < 0xE000)
            c = 0xFFFD;
        if (c < 0x80) putchar((int)c);
        else if (c < 0x800) printf("%c%c", 0xC0 | (c >> 6), 0x80 | (c & 0x3F));
        else if (c < 0x10000) printf("%c%c%c", 0xE0 | (c >> 12), 0x80 | ((c >> 6) & 0x3F), 0x80 | (c & 0x3F));
        else printf("%c%c%c%c", 0xF0 | (c >> 18), 0x80 | ((c >> 12) & 0x3F), 0x80 | ((c >> 6) & 0x3F), 0x80 | (c & 0x3F));
    }
}

/* ---- (a) bidi ---- */

static const char16_t *const bidi_texts[] = {
    u"abc אבג def",
    u"אבג abc 123 דהו",
    u"(אבג [abc] 12%, -3.5)",
    u"العدد ١٢٣ و 456 هنا.",
    u"مرحبا Hello שלום 2024",
    u"123 456 !",
    u"",
    u"abc \u202Bאבג def\u202C ghi",         /* RLE ... PDF */
    u"אבג \u202Aabc דהו\u202C 12",          /* LRE ... PDF */
    u"\u202Eabc def\u202C xyz",             /* RLO ... PDF */
    u"אבג \u202Dדהו וזח\u202C",             /* LRO ... PDF */
    u"abc \u2067def אבג\u2069 ghi",         /* RLI ... PDI */
    u"\u2068אבג abc\u2069 def",             /* FSI ... PDI */
    u"אבג \u2066abc 123\u2069!",            /* LRI ... PDI */
};

static void bidi_tests(void)
{
    for (size_t t = 0; t < sizeof bidi_texts / sizeof *bidi_texts; t++) {
        const uint16_t *text = (const uint16_t *)bidi_texts[t];
        int32_t length = length16(bidi_texts[t]), error = 0;
        printf("bidi \"");
        put16(text, length);
        tc_bidi *bidi = tc_bidi_open(text, length, &error);
        if (!bidi) { printf("\": error %d\n", error); continue; }
        int32_t runs = tc_bidi_count_runs(bidi, &error);
        printf("\": rtl %d, %d runs:", tc_bidi_is_right_to_left(bidi), runs);
        for (int32_t i = 0; i < runs; i++) {
            int32_t start = 0, run = 0;
            int32_t rtl = tc_bidi_visual_run(bidi, i, &start, &run);
            printf(" %s %d+%d", rtl ? "R" : "L", start, run);
        }
        printf("\n");
        tc_bidi_close(bidi);
    }
}

/* ---- (b) word breaks ---- */

struct sample {
    const char *locale;
    const char16_t *text;
};

static const struct sample samples[] = {
    {"en", u"The quick brown fox can't jump 32.3 feet, right? Mail fox@example.com, e.g. today."},
    {"en", u"U.S.A. costs $1,000.50 (or 3:30 p.m.) for the well-known co-op's e-mail."},
    {"de", u"Die Straße heißt „Müllerstraße“ und ist 3,5 km lang. Größenverhältnisse ändern sich."},
    {"fr", u"L'élève n'a pas vu l'arc-en-ciel à 7 h 30 ; c'est « dommage » !"},
    {"fi", u"EU:n jäsenmaat ja HKL:n bussit, klo 12.30."},
    {"ar", u"اللغة العربية جميلة جدا. في عام ٢٠٢٤ زرت القاهرة، مصر!"},
    {"ar", u"الكتاب على الطاولة، والقلم في الحقيبة."},
    {"he", u"ה\"ה כתב מכתב לצה\"ל ב-5 בינואר."},
    {"zh", u"我们今天去图书馆看书。中华人民共和国成立于1949年10月1日。"},
    {"zh", u"他说：“北京大学的学生很多。”"},
    {"ja", u"今日は良い天気ですね。東京スカイツリーの高さは634メートルです。"},
    {"ja", u"日本語の文章を単語に分割します。カタカナとひらがなも含まれています。"},
    {"th", u"ภาษาไทยเป็นภาษาราชการของประเทศไทย ฉันชอบอ่านหนังสือที่ห้องสมุด"},
    {"th", u"วันนี้อากาศดีมาก เราจะไปเที่ยวทะเลกัน"},
    {"km", u"ភាសាខ្មែរជាភាសាផ្លូវការរបស់ប្រទេសកម្ពុជា។"},
    {"km", u"ខ្ញុំចូលចិត្តអានសៀវភៅនៅបណ្ណាល័យ។"},
    {"lo", u"ພາສາລາວເປັນພາສາລັດຖະການຂອງລາວ"},
    {"my", u"မြန်မာဘာသာစကားသည် မြန်မာနိုင်ငံ၏ ရုံးသုံးဘာသာစကားဖြစ်သည်။"},
    {"ko", u"한국어 문장은 띄어쓰기를 합니다."},
    {"en", u"I ❤️ 👩‍👩‍👧 and 🇫🇷 flags 👍🏽! x̧́ y\u00ADz"},
};
enum { sample_count = sizeof samples / sizeof *samples };

/* Breaks text with breaker; prints each segment as {text}status when print is set. Returns a
 * hash of the boundaries and statuses. */
static uint32_t word_breaks(tc_word_breaker *breaker, const uint16_t *text, int32_t length, int print)
{
    uint32_t hash = 2166136261u;
    if (tc_word_breaker_set_text(breaker, text, length) != 0) {
        printf("set_text failed\n");
        return 0;
    }
    for (int32_t start = 0, end; (end = tc_word_breaker_next(breaker)) >= 0; start = end) {
        int32_t status = tc_word_breaker_status(breaker);
        hash = fnv1a(fnv1a(hash, end), status);
        if (print) {
            printf("{");
            put16(text + start, end - start);
            printf("}%d", status);
        }
    }
    if (print) printf("\n");
    return hash;
}

static void word_tests(void)
{
    for (int i = 0; i < sample_count; i++) {
        const char *locales[2] = {"", samples[i].locale};
        for (int l = 0; l < 2; l++) {
            int32_t error = 0;
            tc_word_breaker *breaker = tc_word_breaker_open(locales[l], &error);
            printf("words %s: ", *locales[l] ? locales[l] : "root");
            if (!breaker) { printf("open failed %d\n", error); continue; }
            word_breaks(breaker, (const uint16_t *)samples[i].text, length16(samples[i].text), 1);
            tc_word_breaker_close(breaker);
        }
    }
}

/* Every locale with break rules of its own in ICU 72, variants, and locales that fall back to
 * root: which rules each resolves to (ICU's actual locale) and a hash of its breaks of all samples. */
static void word_locale_tests(void)
{
    static const char *const locales[] = {
        "", "root", "en", "en_US", "en_US_POSIX", "en_GB", "de", "de_CH", "el", "es", "fi", "fi_FI",
        "fr", "it", "ja", "ja_JP", "pt", "ru", "sv", "sv_SE", "zh", "zh_Hant", "zh_TW", "ar", "he",
        "th", "km", "lo", "my", "ko", "hi", "und", "xx_YY",
    };
    static uint16_t all[4096];
    int32_t length = 0;
    for (int i = 0; i < sample_count; i++) {
        int32_t n = length16(samples[i].text);
        memcpy(all + length, samples[i].text, sizeof(uint16_t) * (size_t)n);
        length += n;
        all[length++] = ' ';
    }
    for (size_t l = 0; l < sizeof locales / sizeof *locales; l++) {
        int32_t error = 0;
        tc_word_breaker *breaker = tc_word_breaker_open(locales[l], &error);
        if (!breaker) { printf("locale \"%s\": open failed %d\n", locales[l], error); continue; }
        UErrorCode status = U_ZERO_ERROR;
        const char *actual = ubrk_getLocaleByType((UBreakIterator *)breaker, ULOC_ACTUAL_LOCALE, &status);
        const char *valid = ubrk_getLocaleByType((UBreakIterator *)breaker, ULOC_VALID_LOCALE, &status);
        printf("locale \"%s\": actual \"%s\", valid \"%s\", %d units, breaks %08x\n", locales[l],
               actual ? actual : "?", valid ? valid : "?", length, word_breaks(breaker, all, length, 0));
        tc_word_breaker_close(breaker);
    }
}

/* ---- (c) case folding and NFC ---- */

static void print_units(const char *label, const char16_t *source, int32_t n, const uint16_t *out)
{
    printf("%s \"", label);
    put16((const uint16_t *)source, length16(source));
    printf("\" -> %d:", n);
    for (int32_t i = 0; i < n; i++) printf(" %04X", out[i]);
    printf("\n");
}

static void folding_tests(void)
{
    static const char16_t *const texts[] = {
        u"Straße", u"ΣΊΣΥΦΟΣ ὈΔΥΣΣΕΎΣ", u"İstanbul ıI", u"ﬁﬂ ǅǄǆ", u"Å Å Å", u"e\u0301 E\u0301\u0323",
        u"ＡＢＣ ᏸ Ꭰ", u"𐐀𐐨 𞤀", u"ǰ ẞ ᾈ",
    };
    uint16_t out[64];
    for (size_t t = 0; t < sizeof texts / sizeof *texts; t++) {
        const uint16_t *text = (const uint16_t *)texts[t];
        int32_t length = length16(texts[t]);
        print_units("fold", texts[t], tc_fold_nfc(text, length, out, 64), out);
        print_units("nfc", texts[t], tc_nfc(text, length, out, 64), out);
    }
    int32_t needed = tc_fold_nfc((const uint16_t *)u"Straße", 6, out, 2);
    printf("fold into 2 units: needs %d\n", needed);
}

/* ---- (d) regular expressions ---- */

static void regex_find(const char16_t *pattern, const char16_t *text, tc_regex_limits limits)
{
    int32_t error = 0, offset = 0;
    printf("regex /");
    put16((const uint16_t *)pattern, length16(pattern));
    printf("/");
    tc_regex *regex = tc_regex_open((const uint16_t *)pattern, length16(pattern), limits, &error, &offset);
    if (!regex) { printf(": %s at %d\n", tc_error_name(error), offset); return; }
    printf(" matches empty %d:", tc_regex_matches_empty(regex));
    tc_regex_set_text(regex, (const uint16_t *)text, length16(text));
    int32_t start = 0, end = 0, result;
    while ((result = tc_regex_next(regex, &start, &end)) == 1) {
        printf(" {");
        put16((const uint16_t *)text + start, end - start);
        printf("}%d", start);
    }
    if (result != 0) printf(" stopped %d at %d", result, start);
    printf("\n");
    tc_regex_close(regex);
}

static void regex_tests(void)
{
    tc_regex_limits loose = {1000000, 1000, 10000000, 1000, 8 << 20};
    tc_regex_limits tight = {20000, 0, 20000, 0, 8 << 20};
    tc_regex_limits small_stack = {1000000, 1000, 10000000, 1000, 1024};
    static const char16_t *const text = u"Größe 12,5 cm; Çok güzel! ภาษาไทย 東京タワー x@y.org 3.14 नमस्ते 🇫🇷 ﬁ²";
    static char16_t long_text[601];
    for (int i = 0; i < 600; i++) long_text[i] = i % 2 ? u'b' : u'a';
    regex_find(u"\\b\\p{Lu}\\w*", text, loose);
    regex_find(u"(\\d+)[.,](\\d+)", text, loose);
    regex_find(u"\\p{Script=Thai}+|\\p{Han}+|\\p{Katakana}+", text, loose);
    regex_find(u"[\\p{L}&&[^\\p{Latin}]]+", text, loose);
    regex_find(u"\\w+@\\w+\\.\\w+", text, loose);
    regex_find(u"(?i)GRÖSSE|straße", u"größe STRASSE Straße", loose);
    regex_find(u"(?w)\\b\\S+?\\b", u"can't 3.5 e.g. 東京", loose);
    regex_find(u"\\X", u"नमस्ते 🇫🇷👍🏽", loose);                                   /* char.brk */
    regex_find(u"\\N{LATIN SMALL LETTER SHARP S}|[\\p{Name=DIGIT TWO}]", text, loose); /* unames.icu */
    regex_find(u"\\p{InPC=Right}+|\\p{InSC=Virama}", text, loose);              /* ulayout.icu */
    regex_find(u"\\p{Changes_When_NFKC_Casefolded}+", text, loose);               /* nfkc_cf.nrm */
    regex_find(u"\\p{NFKC_Quick_Check=No}|\\p{Emoji_Presentation}", text, loose);  /* nfkc.nrm, uemoji.icu */
    regex_find(u"a*", u"baaab", loose);
    regex_find(u"(abc", text, loose);
    regex_find(u"[z-a]", text, loose);
    regex_find(u"(a+)+$", u"aaaaaaaaaaaaaaaaaaaaaaaaaaaaab", tight);
    regex_find(u"(a|b)*c", long_text, small_stack);
}

/* ---- (e) every code point ---- */

static void code_point_tests(void)
{
    uint32_t scripts = 2166136261u, classes = scripts, reorders = scripts, folds = scripts, nfcs = scripts;
    int32_t reordering = 0, letters = 0;
    for (uint32_t c = 0; c <= 0x10FFFF; c++) {
        int32_t script = tc_script(c), word_class = tc_fast_word_class(c), bidi = tc_bidi_reorders(c);
        scripts = fnv1a(scripts, script);
        classes = fnv1a(classes, word_class);
        reorders = fnv1a(reorders, bidi);
        reordering += bidi;
        letters += word_class == 1;
        if (c >= 0xD800 && c < 0xE000) continue;
        uint16_t text[2], out[32];
        int32_t length = c < 0x10000 ? 1 : 2;
        if (length == 1) text[0] = (uint16_t)c;
        else { text[0] = (uint16_t)(0xD7C0 + (c >> 10)); text[1] = (uint16_t)(0xDC00 | (c & 0x3FF)); }
        int32_t n = tc_fold_nfc(text, length, out, 32);
        for (int32_t i = 0; i < n; i++) folds = fnv1a(folds, out[i]);
        n = tc_nfc(text, length, out, 32);
        for (int32_t i = 0; i < n; i++) nfcs = fnv1a(nfcs, out[i]);
    }
    printf("all code points: scripts %08x, word classes %08x (%d letters), bidi reorders %08x (%d),"
           " folded %08x, nfc %08x\n", scripts, classes, letters, reorders, reordering, folds, nfcs);
    static const uint32_t some[] = {0x41, 0x5D0, 0x627, 0x663, 0x915, 0xE01, 0x1780, 0x3042, 0x30A2,
                                    0x4E00, 0xAC00, 0x1F600, 0x300, 0x2028, 0xA0, 0x2011, 0x1F1EB};
    printf("script / word class / reorders:");
    for (size_t i = 0; i < sizeof some / sizeof *some; i++)
        printf(" U+%04X %d/%d/%d", some[i], tc_script(some[i]), tc_fast_word_class(some[i]),
               tc_bidi_reorders(some[i]));
    printf("\n");
}

int main(void)
{
    UVersionInfo icu, unicode;
    char icu_name[U_MAX_VERSION_STRING_LENGTH], unicode_name[U_MAX_VERSION_STRING_LENGTH];
    u_getVersion(icu);
    u_getUnicodeVersion(unicode);
    u_versionToString(icu, icu_name);
    u_versionToString(unicode, unicode_name);
    printf("ICU %s, Unicode %s\n", icu_name, unicode_name);
    bidi_tests();
    word_tests();
    word_locale_tests();
    folding_tests();
    regex_tests();
    code_point_tests();
    return 0;
}
