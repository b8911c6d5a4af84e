// ICU's C API as TagCloudText and TagCloudGraphics use it. ICU renames every function with its version (ubrk_open becomes
// ubrk_open_72) through macros the Swift importer cannot follow, so Swift calls the unversioned
// wrappers of the CICUShim target instead; this module exists for the headers, pkg-config flags and
// link lines.
#include <unicode/utypes.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/uscript.h>
#include <unicode/uchar.h>
