#include "allocator_settings.h"

/* jemalloc reads this string at start (before MALLOC_CONF, which may still override it): pages
   freed by a build go back to the kernel after half a second instead of ten, so the peak is the
   live data's, not every thread's freed pages (docs/benchmarks.md, issue 84). */
const char *malloc_conf = "dirty_decay_ms:500,muzzy_decay_ms:0";
