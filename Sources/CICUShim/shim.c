#include "CICUShim.h"
#include <stdlib.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/uscript.h>
#include <unicode/uchar.h>
#include <unicode/uregex.h>

tc_word_breaker *tc_word_breaker_open(const char *locale, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(UBRK_WORD, locale, NULL, 0, &status);
    *error = (int32_t)status;
    if (U_FAILURE(status)) { if (it) ubrk_close(it); return NULL; }
    return (tc_word_breaker *)it;
}

void tc_word_breaker_close(tc_word_breaker *breaker) {
    if (breaker) ubrk_close((UBreakIterator *)breaker);
}

int32_t tc_word_breaker_set_text(tc_word_breaker *breaker, const uint16_t *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText((UBreakIterator *)breaker, (const UChar *)text, length, &status);
    return U_FAILURE(status) ? (int32_t)status : 0;
}

int32_t tc_word_breaker_next(tc_word_breaker *breaker) {
    int32_t b = ubrk_next((UBreakIterator *)breaker);
    return b == UBRK_DONE ? -1 : b;
}

int32_t tc_word_breaker_status(tc_word_breaker *breaker) {
    return ubrk_getRuleStatus((UBreakIterator *)breaker);
}

int32_t tc_nfc(const uint16_t *source, int32_t length, uint16_t *dest, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *nfc = unorm2_getNFCInstance(&status);
    if (U_FAILURE(status)) return -1;
    int32_t n = unorm2_normalize(nfc, (const UChar *)source, length, (UChar *)dest, capacity, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) return n;
    return U_FAILURE(status) ? -1 : n;
}

int32_t tc_fold_nfc(const uint16_t *source, int32_t length, uint16_t *dest, int32_t capacity) {
    // Fold into a scratch buffer, then NFC into dest: folding can decompose (e.g. U+0130), so the
    // result is recomposed. Three times the input is enough for full case folding (at most 3 units
    // per unit), so one allocation suffices.
    int32_t scratchCapacity = length * 3 + 1;
    UChar *scratch = (UChar *)malloc(sizeof(UChar) * (size_t)scratchCapacity);
    if (!scratch) return -1;
    UErrorCode status = U_ZERO_ERROR;
    int32_t folded = u_strFoldCase(scratch, scratchCapacity, (const UChar *)source, length, U_FOLD_CASE_DEFAULT, &status);
    if (U_FAILURE(status) && status != U_STRING_NOT_TERMINATED_WARNING) { free(scratch); return -1; }
    int32_t n = tc_nfc(scratch, folded, dest, capacity);
    free(scratch);
    return n;
}

int32_t tc_script(uint32_t codepoint) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode code = uscript_getScript((UChar32)codepoint, &status);
    return U_FAILURE(status) ? 0 : (int32_t)code;
}

int32_t tc_fast_word_class(uint32_t codepoint) {
    enum { other = 0, letter = 1, digit = 2, midNumLet = 4, midNum = 5, space = 6, midLetter = 8, extend = 9, icu = 10 };
    UChar32 c = (UChar32)codepoint;
    if (c < 0x80 || c > 0x10FFFF) return icu;
    // Characters with rules of their own: emoji sequences (WB3c, WB14), dictionary scripts (Thai,
    // Lao, Khmer, Burmese) and the Han, kana and Hangul runs ICU chains for its dictionaries.
    if (u_hasBinaryProperty(c, UCHAR_EMOJI) || u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC)
        || u_hasBinaryProperty(c, UCHAR_IDEOGRAPHIC)) return icu;
    if (u_getIntPropertyValue(c, UCHAR_LINE_BREAK) == U_LB_COMPLEX_CONTEXT) return icu;
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript(c, &status);
    if (U_FAILURE(status) || script == USCRIPT_HAN || script == USCRIPT_HIRAGANA || script == USCRIPT_KATAKANA
        || script == USCRIPT_HANGUL) return icu;
    switch (u_getIntPropertyValue(c, UCHAR_WORD_BREAK)) {
    case U_WB_ALETTER: return letter;
    case U_WB_NUMERIC: return digit;
    case U_WB_MIDLETTER: return midLetter;
    case U_WB_MIDNUMLET: return midNumLet;
    case U_WB_MIDNUM: return midNum;
    case U_WB_EXTEND: case U_WB_FORMAT: case U_WB_ZWJ: return extend;
    case U_WB_WSEGSPACE: return space;
    case U_WB_OTHER:
        // Hyphens join words with keepHyphens; the segmenter leaves them, and spaces that count as
        // no punctuation, to ICU's path, which knows them (U+2010, U+2011).
        if (c == 0x2010 || c == 0x2011) return icu;
        if (c == 0xA0 || c == 0x1680 || c == 0x205F || (c >= 0x2000 && c <= 0x200A)) return space;
        if (u_isUWhiteSpace(c)) return icu;
        return other;
    default:
        // Hebrew letters and quotes (WB7a-c), Katakana, ExtendNumLet beyond '_', regional
        // indicators, line separators and emoji modifiers.
        return icu;
    }
}

int32_t tc_bidi_reorders(uint32_t codepoint) {
    switch (u_charDirection((UChar32)codepoint)) {
    case U_RIGHT_TO_LEFT: case U_RIGHT_TO_LEFT_ARABIC: case U_ARABIC_NUMBER:
    case U_LEFT_TO_RIGHT_EMBEDDING: case U_LEFT_TO_RIGHT_OVERRIDE:
    case U_RIGHT_TO_LEFT_EMBEDDING: case U_RIGHT_TO_LEFT_OVERRIDE: case U_POP_DIRECTIONAL_FORMAT:
    case U_LEFT_TO_RIGHT_ISOLATE: case U_RIGHT_TO_LEFT_ISOLATE: case U_FIRST_STRONG_ISOLATE:
    case U_POP_DIRECTIONAL_ISOLATE:
        return 1;
    default:
        return 0;
    }
}

tc_bidi *tc_bidi_open(const uint16_t *text, int32_t length, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_SUCCESS(status)) ubidi_setPara(bidi, (const UChar *)text, length, UBIDI_DEFAULT_LTR, NULL, &status);
    *error = (int32_t)status;
    if (U_FAILURE(status)) { if (bidi) ubidi_close(bidi); return NULL; }
    return (tc_bidi *)bidi;
}

void tc_bidi_close(tc_bidi *bidi) {
    if (bidi) ubidi_close((UBiDi *)bidi);
}

int32_t tc_bidi_is_right_to_left(const tc_bidi *bidi) {
    return ubidi_getParaLevel((const UBiDi *)bidi) & 1;
}

int32_t tc_bidi_count_runs(tc_bidi *bidi, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t count = ubidi_countRuns((UBiDi *)bidi, &status);
    *error = (int32_t)status;
    return U_FAILURE(status) ? -1 : count;
}

int32_t tc_bidi_visual_run(tc_bidi *bidi, int32_t index, int32_t *start, int32_t *length) {
    return ubidi_getVisualRun((UBiDi *)bidi, index, start, length) == UBIDI_RTL ? 1 : 0;
}

// MARK: Regular expressions with a bounded amount of backtracking

struct tc_regex {
    URegularExpression *regex;
    tc_regex_limits limits;
    int64_t length;        // UTF-16 length of the text
    int64_t position;      // where the current match attempt started
    int32_t ticks;         // ICU's count of 10,000 backtracking steps since the text was set
    int32_t attemptTicks;  // `ticks` when the current attempt started
    int32_t exceeded;      // a TC_REGEX_* code once a limit stopped the matching, else 0
    tc_regex_stop_check stop;
    const void *stopContext;
};

// ICU calls this every 10,000 backtracking steps (state saves) of a match operation.
static UBool U_CALLCONV tc_regex_tick(const void *context, int32_t ticks) {
    tc_regex *r = (tc_regex *)context;
    r->ticks = ticks;
    int64_t steps = (int64_t)ticks * TC_REGEX_STEPS_PER_TICK;
    int64_t attemptSteps = (int64_t)(ticks - r->attemptTicks) * TC_REGEX_STEPS_PER_TICK;
    int64_t attemptAllowed = r->limits.attemptSteps + r->limits.attemptStepsPerCharacter * (r->length - r->position);
    // The attempts before this one share the total budget; this one may use its own on top.
    int64_t totalAllowed = r->limits.totalSteps + r->limits.totalStepsPerCharacter * r->position + attemptAllowed;
    if (attemptSteps > attemptAllowed || steps > totalAllowed) {
        r->exceeded = TC_REGEX_TOO_MANY_STEPS;
        return 0;
    }
    if (r->stop && r->stop(r->stopContext)) {
        r->exceeded = TC_REGEX_CANCELLED;
        return 0;
    }
    return 1;
}

// ICU calls this each time a find moves on to try a match at a later position.
static UBool U_CALLCONV tc_regex_progress(const void *context, int64_t index) {
    tc_regex *r = (tc_regex *)context;
    r->position = index;
    r->attemptTicks = r->ticks;
    return 1;
}

tc_regex *tc_regex_open(const uint16_t *pattern, int32_t length, tc_regex_limits limits,
                        int32_t *error, int32_t *errorOffset) {
    UErrorCode status = U_ZERO_ERROR;
    UParseError parse;
    parse.offset = -1;
    *errorOffset = -1;
    URegularExpression *regex = uregex_open((const UChar *)pattern, length, 0, &parse, &status);
    if (U_FAILURE(status)) {
        *error = (int32_t)status;
        *errorOffset = parse.offset;
        if (regex) uregex_close(regex);
        return NULL;
    }
    tc_regex *r = (tc_regex *)calloc(1, sizeof(tc_regex));
    if (!r) { uregex_close(regex); *error = (int32_t)U_MEMORY_ALLOCATION_ERROR; return NULL; }
    r->regex = regex;
    r->limits = limits;
    uregex_setStackLimit(regex, limits.stackBytes, &status);
    uregex_setMatchCallback(regex, tc_regex_tick, r, &status);
    uregex_setFindProgressCallback(regex, tc_regex_progress, r, &status);
    if (U_FAILURE(status)) { tc_regex_close(r); *error = (int32_t)status; return NULL; }
    *error = 0;
    return r;
}

void tc_regex_set_stop(tc_regex *r, tc_regex_stop_check check, const void *context) {
    r->stop = check;
    r->stopContext = context;
}

void tc_regex_close(tc_regex *r) {
    if (!r) return;
    uregex_close(r->regex);
    free(r);
}

int32_t tc_regex_set_text(tc_regex *r, const uint16_t *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    static const UChar empty[1] = {0};
    uregex_setText(r->regex, length > 0 ? (const UChar *)text : empty, length, &status);
    r->length = length;
    r->position = 0;
    r->ticks = 0;
    r->attemptTicks = 0;
    r->exceeded = 0;
    return U_FAILURE(status) ? (int32_t)status : 0;
}

int32_t tc_regex_next(tc_regex *r, int32_t *start, int32_t *end) {
    UErrorCode status = U_ZERO_ERROR;
    // The first attempt of a find starts where the last match ended, without a progress call.
    r->attemptTicks = r->ticks;
    UBool found = uregex_findNext(r->regex, &status);
    if (U_FAILURE(status)) {
        *start = (int32_t)r->position;
        *end = (int32_t)r->position;
        if (r->exceeded) return r->exceeded;
        if (status == U_REGEX_STACK_OVERFLOW) return TC_REGEX_STACK_OVERFLOW;
        if (status == U_REGEX_TIME_OUT) return TC_REGEX_TOO_MANY_STEPS;
        return TC_REGEX_FAILED;
    }
    if (!found) return 0;
    *start = uregex_start(r->regex, 0, &status);
    *end = uregex_end(r->regex, 0, &status);
    r->position = *end;
    return U_FAILURE(status) ? TC_REGEX_FAILED : 1;
}

int32_t tc_regex_matches_empty(tc_regex *r) {
    static const UChar empty[1] = {0};
    UErrorCode status = U_ZERO_ERROR;
    uregex_setText(r->regex, empty, 0, &status);
    UBool found = uregex_find(r->regex, 0, &status);
    int32_t result = U_SUCCESS(status) && found ? 1 : 0;
    uregex_setText(r->regex, empty, 0, &status);
    return result;
}

const char *tc_error_name(int32_t error) { return u_errorName((UErrorCode)error); }
