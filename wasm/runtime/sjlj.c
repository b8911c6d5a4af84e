/*
 * The run-time half of setjmp/longjmp in WebAssembly, for TagCloud's C libraries (FreeType's
 * rasterisers and libpng's error handling use them; see wasm/include/setjmp.h for why and how clang
 * rewrites the calls). Debian 12's wasi-libc predates this and has none of it, so these are the
 * three entry points clang 21's lowering (-mexception-handling -mllvm -wasm-enable-sjlj) calls, and
 * the definition of the exception tag __c_longjmp it catches.
 *
 * How the pieces fit: each function that calls setjmp gets a "function invocation id" (the address
 * of a local) and gives each setjmp call site a nonzero label.
 *   __wasm_setjmp(env, label, id)   records in env which invocation and which call site set it;
 *   __wasm_longjmp(env, value)      stores {env, value} in env and throws __c_longjmp with a
 *                                   pointer to that pair (value 0 becomes 1, as C requires);
 *   __wasm_setjmp_test(env, id)     is asked by every catching frame; it answers the label if
 *                                   env was set by that very invocation, else 0 and the frame
 *                                   rethrows (by calling __wasm_longjmp again).
 * An invocation id is the address of a stack slot; a stale jmp_buf (its function has returned) may
 * match a newer frame at the same address, but longjmp to such a jmp_buf is undefined in C anyway.
 *
 * Compile with -mexception-handling -mllvm -wasm-enable-sjlj (for __builtin_wasm_throw and the tag).
 */
#include <stdint.h>

struct tagcloud_longjmp_args {  /* what the catching frame reads: the pointer thrown points here */
    void *env;
    int value;
};

struct tagcloud_jmp_buf {       /* overlays the six reserved words of jmp_buf (wasm/include/setjmp.h) */
    void *invocation;
    uint32_t label;
    struct tagcloud_longjmp_args args;
};

_Static_assert(sizeof(struct tagcloud_jmp_buf) <= 6 * sizeof(void *), "jmp_buf reserves six words");

void __wasm_setjmp(void *env, uint32_t label, void *invocation)
{
    struct tagcloud_jmp_buf *buf = env;
    if (label == 0 || invocation == 0)
        __builtin_trap();
    buf->invocation = invocation;
    buf->label = label;
}

uint32_t __wasm_setjmp_test(void *env, void *invocation)
{
    struct tagcloud_jmp_buf *buf = env;
    return buf->invocation == invocation ? buf->label : 0;
}

_Noreturn void __wasm_longjmp(void *env, int value)
{
    struct tagcloud_jmp_buf *buf = env;
    buf->args.env = env;
    buf->args.value = value == 0 ? 1 : value;
    __builtin_wasm_throw(1, &buf->args); /* tag 1 is __c_longjmp (0 is C++'s __cpp_exception) */
}
