/*
 * A fake libz3 for equifuzz's solver fault tests.
 *
 * It exports the Z3_* functions `Z3Library` resolves. Z3_eval_smtlib2_string
 * misbehaves the way a real Z3 can, chosen by a marker comment in the script:
 *
 *   ; SEGV        null-pointer write (SIGSEGV)
 *   ; ABORT       prints an assertion message to stderr, then abort()
 *   ; EXIT112     what a release Z3 does on UNREACHABLE: exit(112)
 *   ; HANG        never returns (ignores the soft timeout)
 *   ; OOM         allocates until malloc fails, then does what Z3's memory
 *                 manager does: "ERROR: out of memory" and exit(101)
 *   ; BADALLOC    allocates until malloc fails, then dies like an uncaught
 *                 std::bad_alloc (message on stderr, abort())
 *   ; BIG         returns 1 MiB of output (more than a pipe buffer)
 *   ; CONSOLE     writes to fd 1 and fd 2 directly, then answers "sat"
 *   ; TIMEOUT?    answers "timeout=<the global timeout parameter>"
 *   ; EVALS?      answers "evals=<evals on this context so far>"
 *
 * Any other script answers "sat\n". The version is 4.8.5.0, older than
 * 4.8.8, so the Z3 targets must pick the legacy dialect for it.
 * Build: cc -shared -fPIC -o libz3-fake.so fake_z3.c
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef void (*error_handler)(void *, unsigned);

struct config { int unused; };
struct context { unsigned evals; char *out; };

static char g_timeout[32] = "unset";

void *Z3_mk_config(void) { return calloc(1, sizeof(struct config)); }
void Z3_del_config(void *cfg) { free(cfg); }
void *Z3_mk_context(void *cfg) { (void)cfg; return calloc(1, sizeof(struct context)); }
void Z3_del_context(void *ctx) {
    free(((struct context *)ctx)->out);
    free(ctx);
}
void Z3_set_error_handler(void *ctx, error_handler h) { (void)ctx; (void)h; }

void Z3_global_param_set(const char *name, const char *value) {
    if (strcmp(name, "timeout") == 0) {
        snprintf(g_timeout, sizeof g_timeout, "%s", value);
    }
}

void Z3_get_version(unsigned *major, unsigned *minor, unsigned *build, unsigned *rev) {
    *major = 4; *minor = 8; *build = 5; *rev = 0;
}

const char *Z3_get_full_version(void) { return "Z3 4.8.5.0"; }

static void exhaust_memory(void) {
    /* Virtual only: RLIMIT_AS stops this long before RAM runs out. */
    while (malloc(16u << 20) != NULL) {
    }
}

static const char *answer(struct context *c, const char *text) {
    free(c->out);
    c->out = text ? strdup(text) : NULL;
    return c->out;
}

const char *Z3_eval_smtlib2_string(void *ctx, const char *script) {
    struct context *c = ctx;
    c->evals++;
    if (strstr(script, "; SEGV")) {
        *(volatile int *)0 = 1;
    }
    if (strstr(script, "; ABORT")) {
        fputs("ASSERTION VIOLATION\nFile: fake_z3.c\n", stderr);
        abort();
    }
    if (strstr(script, "; EXIT112")) {
        fputs("UNREACHABLE CODE WAS REACHED.\n", stderr);
        exit(112);
    }
    if (strstr(script, "; HANG")) {
        for (;;) {
            sleep(1);
        }
    }
    if (strstr(script, "; OOM")) {
        exhaust_memory();
        fputs("ERROR: out of memory\n", stderr);
        exit(101);
    }
    if (strstr(script, "; BADALLOC")) {
        exhaust_memory();
        fputs("terminate called after throwing an instance of 'std::bad_alloc'\n"
              "  what():  std::bad_alloc\n", stderr);
        abort();
    }
    if (strstr(script, "; BIG")) {
        size_t n = 1u << 20;
        char *big = malloc(n + 1);
        memset(big, 'x', n);
        big[n - 1] = '\n';
        big[n] = 0;
        free(c->out);
        c->out = big;
        return c->out;
    }
    if (strstr(script, "; CONSOLE")) {
        fputs("to stdout\n", stdout);
        fflush(stdout);
        fputs("to stderr\n", stderr);
        return answer(c, "sat\n");
    }
    if (strstr(script, "; TIMEOUT?")) {
        char buf[64];
        snprintf(buf, sizeof buf, "timeout=%s\n", g_timeout);
        return answer(c, buf);
    }
    if (strstr(script, "; EVALS?")) {
        char buf[64];
        snprintf(buf, sizeof buf, "evals=%u\n", c->evals);
        return answer(c, buf);
    }
    return answer(c, "sat\n");
}
