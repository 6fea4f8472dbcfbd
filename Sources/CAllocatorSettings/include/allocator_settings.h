#ifndef BLOGPAGER_ALLOCATOR_SETTINGS_H
#define BLOGPAGER_ALLOCATOR_SETTINGS_H

/* Nothing to call: this target's object holds `malloc_conf`, which jemalloc reads at start. */

#endif
