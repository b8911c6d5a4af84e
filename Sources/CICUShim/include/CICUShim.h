#ifndef CICUSHIM_H
#define CICUSHIM_H
// Unversioned wrappers around the few ICU functions TagCloudText and TagCloudGraphics need. ICU's headers rename each
// function with the library version through macros (ubrk_open -> ubrk_open_72) that Swift cannot
// import; these wrappers are compiled as C, where the macros work, so the Swift code builds against
// any ICU version. Only plain C types cross this header: no ICU header is needed to import it.
#include <stdint.h>

/// An ICU word break iterator (UBreakIterator *), opaque to Swift.
typedef struct tc_word_breaker tc_word_breaker;

/// Opens a word break iterator for `locale` ("" for the root rules). Returns NULL and sets *error
/// to the ICU error code on failure.
tc_word_breaker *tc_word_breaker_open(const char *locale, int32_t *error);
/// Closes an iterator from tc_word_breaker_open.
void tc_word_breaker_close(tc_word_breaker *breaker);
/// Points the iterator at UTF-16 text (not copied: it must outlive the iteration). Returns 0 or an ICU error code.
int32_t tc_word_breaker_set_text(tc_word_breaker *breaker, const uint16_t *text, int32_t length);
/// The next boundary after the current one, or -1 at the end; the first call returns the first boundary after 0.
int32_t tc_word_breaker_next(tc_word_breaker *breaker);
/// The rule status of the segment ending at the current boundary: 0-99 none, 100-199 number,
/// 200-299 letter, 300-399 kana, 400-499 ideograph (UBRK_WORD_*).
int32_t tc_word_breaker_status(tc_word_breaker *breaker);

/// NFC-normalises then case-folds (full folding) `source` into `dest`, then NFC again. Returns the
/// length needed; when it exceeds `capacity`, call again with a larger buffer. Returns -1 on an ICU error.
int32_t tc_fold_nfc(const uint16_t *source, int32_t length, uint16_t *dest, int32_t capacity);
/// NFC-normalises `source` into `dest`; same return convention as tc_fold_nfc.
int32_t tc_nfc(const uint16_t *source, int32_t length, uint16_t *dest, int32_t capacity);
/// The ICU script code (UScriptCode) of a code point; 0 common, 1 inherited.
int32_t tc_script(uint32_t codepoint);

/// The segmenter's class of a non-ASCII code point, from ICU's own properties (see WordClass.swift):
/// 0 punctuation or symbol, 1 letter, 2 digit, 4 MidNumLet, 5 MidNum, 6 space, 8 MidLetter,
/// 9 Extend/Format/ZWJ, 10 a character only ICU's iterator segments correctly.
int32_t tc_fast_word_class(uint32_t codepoint);

/// Whether the bidirectional algorithm can change how a text containing `codepoint` is ordered:
/// 1 for right-to-left letters (R, AL), Arabic digits (AN) and the explicit embeddings, overrides
/// and isolates (U+202A-U+202E, U+2066-U+2069); 0 for everything else, which a left-to-right line
/// shows in its logical order.
int32_t tc_bidi_reorders(uint32_t codepoint);

/// One paragraph run through the Unicode bidirectional algorithm (an ICU UBiDi *), opaque to Swift.
typedef struct tc_bidi tc_bidi;

/// Runs the bidirectional algorithm over UTF-16 `text` (not copied: it must outlive the object),
/// with the paragraph direction from its first strong character, left to right when it has none
/// (UAX #9 rules P2 and P3). Returns NULL and sets *error to the ICU error code on failure.
tc_bidi *tc_bidi_open(const uint16_t *text, int32_t length, int32_t *error);
/// Frees an object from tc_bidi_open.
void tc_bidi_close(tc_bidi *bidi);
/// 1 when the (first) paragraph runs right to left, else 0.
int32_t tc_bidi_is_right_to_left(const tc_bidi *bidi);
/// The number of directional runs, or -1 and *error set on failure.
int32_t tc_bidi_count_runs(tc_bidi *bidi, int32_t *error);
/// The run `index` in visual order (0 is the leftmost): its first UTF-16 index in the text and its
/// length. Returns 1 when the run goes right to left, else 0.
int32_t tc_bidi_visual_run(tc_bidi *bidi, int32_t index, int32_t *start, int32_t *length);

/// A compiled ICU regular expression (URegularExpression *) with a bounded amount of backtracking,
/// opaque to Swift. Not thread-safe: one per thread.
typedef struct tc_regex tc_regex;

/// ICU counts a match's work in backtracking steps (state saves) and reports it every this many.
#define TC_REGEX_STEPS_PER_TICK 10000
/// `tc_regex_next` results besides 1 (a match) and 0 (no more matches).
#define TC_REGEX_TOO_MANY_STEPS (-1)
#define TC_REGEX_STACK_OVERFLOW (-2)
#define TC_REGEX_FAILED (-3)
#define TC_REGEX_CANCELLED (-4)

/// Asked every TC_REGEX_STEPS_PER_TICK steps whether matching should stop (the count was called
/// off); returns nonzero to stop it. `context` is the one given to tc_regex_set_stop.
typedef int32_t (*tc_regex_stop_check)(const void *context);

/// How much work matching may take, checked every TC_REGEX_STEPS_PER_TICK steps. One match attempt
/// (at one start position) may take `attemptSteps` plus `attemptStepsPerCharacter` for each character
/// from its start to the end of the text; the attempts before it since the text was set may take
/// `totalSteps` plus `totalStepsPerCharacter` for each character before its start.
typedef struct {
    int64_t attemptSteps;
    int64_t attemptStepsPerCharacter;
    int64_t totalSteps;
    int64_t totalStepsPerCharacter;
    /// The most memory the backtracking stack may take, in bytes.
    int32_t stackBytes;
} tc_regex_limits;

/// Compiles `pattern` (UTF-16, ICU syntax, no flags). Returns NULL on failure, with *error the ICU
/// error code and *errorOffset the UTF-16 offset in the pattern where it was found (-1 if unknown).
tc_regex *tc_regex_open(const uint16_t *pattern, int32_t length, tc_regex_limits limits,
                        int32_t *error, int32_t *errorOffset);
/// Asks `check` (with `context`) every TC_REGEX_STEPS_PER_TICK steps whether to stop matching; a
/// stopped search returns TC_REGEX_CANCELLED. NULL asks nothing.
void tc_regex_set_stop(tc_regex *regex, tc_regex_stop_check check, const void *context);
/// Closes a regular expression from tc_regex_open.
void tc_regex_close(tc_regex *regex);
/// Points the expression at UTF-16 text (not copied: it must outlive the matching) and resets the
/// work counted. Returns 0 or an ICU error code.
int32_t tc_regex_set_text(tc_regex *regex, const uint16_t *text, int32_t length);
/// Finds the next match: 1 with *start and *end (UTF-16 offsets) set, 0 when there is none, or a
/// negative TC_REGEX_* code with *start the offset of the match attempt that was stopped.
int32_t tc_regex_next(tc_regex *regex, int32_t *start, int32_t *end);
/// Whether the expression matches the empty text; leaves it pointed at the empty text.
int32_t tc_regex_matches_empty(tc_regex *regex);
/// ICU's name of an error code, e.g. "U_REGEX_MISSING_CLOSE_PAREN".
const char *tc_error_name(int32_t error);

/// Asks the processor to start loading the cache line at `address` for writing. The word counter
/// looks its hash-table slots up a batch ahead: a slot fetched from memory costs more than all the
/// other work on a word, and many fetches in flight cost little more than one.
static inline void tc_prefetch(const void *address) { __builtin_prefetch(address, 1, 3); }

#endif
