/*
 * <setjmp.h> for TagCloud's WebAssembly build of its C libraries (see scripts/build-wasm-libs).
 *
 * Why this file exists: Debian 12's wasi-libc has no setjmp.h and no setjmp at all, but FreeType's
 * rasterisers (ftgrays.c, ftraster.c) leave a too-complex outline with longjmp, and libpng reports every
 * error with longjmp to the caller's setjmp. WebAssembly cannot save and restore a call stack, so
 * clang rewrites both calls itself when a file is compiled with
 *     -mexception-handling -mllvm -wasm-enable-sjlj
 * (LLVM's WebAssemblyLowerEmscriptenEHSjLj pass): setjmp becomes a call to __wasm_setjmp plus a
 * catch of the __c_longjmp exception around the calls that follow it, longjmp becomes a call to
 * __wasm_longjmp, which throws that exception. Those entry points are in wasm/runtime/sjlj.c.
 *
 * So setjmp and longjmp are only declared here, never defined: a file compiled without the flags
 * above fails to link (undefined symbol setjmp) instead of misbehaving at run time.
 *
 * The code needs a host with WebAssembly exception handling (Node 20, current browsers); clang 21
 * emits the legacy try/catch instructions by default, which Node 20 runs. WasmKit has none.
 */
#ifndef TAGCLOUD_WASM_SETJMP_H
#define TAGCLOUD_WASM_SETJMP_H

#ifndef __wasm__
#error "wasm/include/setjmp.h is for the WebAssembly build only"
#endif
#ifndef __wasm_exception_handling__
#error "setjmp/longjmp in WebAssembly need -mexception-handling -mllvm -wasm-enable-sjlj"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The runtime ABI reserves the first six pointer-sized words of a jmp_buf for the runtime
 * (wasm/runtime/sjlj.c uses four of them); pointer alignment. */
typedef struct __jmp_buf_tag {
    void *__wasm_sjlj_reserved[6];
} jmp_buf[1];

int setjmp(jmp_buf env) __attribute__((__returns_twice__));
_Noreturn void longjmp(jmp_buf env, int value);

#define setjmp setjmp

#ifdef __cplusplus
}
#endif

#endif
