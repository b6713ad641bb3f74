// Reads what the compiler's index store records of XCTest methods, through the toolchain's libIndexStore,
// loaded at run time (docs/performance.md, "The own tests listed by the grader"). It reports facts only; the
// Swift side (IndexedTests) merges them the way SwiftPM's test discovery does.
#include "GraderSystem.h"

#include <dlfcn.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The few declarations of indexstore.h this reader needs (the header is not on every toolchain's include path).
typedef void *ix_object;
typedef struct {
    const char *data;
    size_t length;
} ix_string;
typedef bool (*ix_applier)(void *context, ix_object item);

enum {
    ix_kind_class = 7,
    ix_kind_instance_method = 16,
    ix_property_unit_test = 1 << 3,
    ix_property_swift_async = 1 << 16,
    ix_role_child_of = 1 << 9,
    ix_role_base_of = 1 << 10,
    ix_dependency_record = 2,
    ix_role_definition = 1 << 1,
};

struct ix_api {
    ix_object (*store_create)(const char *path, ix_object *error);
    void (*store_dispose)(ix_object store);
    size_t (*unit_name)(ix_object store, const char *output, char *buffer, size_t size);
    ix_object (*unit_reader_create)(ix_object store, const char *unit, ix_object *error);
    void (*unit_reader_dispose)(ix_object reader);
    ix_string (*unit_module_name)(ix_object reader);
    bool (*unit_dependencies_apply)(ix_object reader, void *context, ix_applier applier);
    int (*dependency_kind)(ix_object dependency);
    ix_string (*dependency_name)(ix_object dependency);
    ix_object (*record_reader_create)(ix_object store, const char *record, ix_object *error);
    void (*record_reader_dispose)(ix_object reader);
    bool (*occurrences_apply)(ix_object reader, void *context, ix_applier applier);
    ix_object (*occurrence_symbol)(ix_object occurrence);
    bool (*relations_apply)(ix_object occurrence, void *context, ix_applier applier);
    uint64_t (*occurrence_roles)(ix_object occurrence);
    uint64_t (*symbol_properties)(ix_object symbol);
    int (*symbol_kind)(ix_object symbol);
    ix_string (*symbol_name)(ix_object symbol);
    uint64_t (*relation_roles)(ix_object relation);
    ix_object (*relation_symbol)(ix_object relation);
    const char *(*error_description)(ix_object error);
    void (*error_dispose)(ix_object error);
};

// A growing text; `failed` is set when memory ran out or a name would break the line format.
struct ix_text {
    char *bytes;
    size_t length, capacity;
    bool failed;
};

static void ix_append(struct ix_text *text, const char *bytes, size_t length) {
    if (text->failed) return;
    if (text->length + length + 1 > text->capacity) {
        size_t capacity = (text->capacity + length + 1) * 2;
        char *grown = realloc(text->bytes, capacity);
        if (!grown) {
            text->failed = true;
            return;
        }
        text->bytes = grown;
        text->capacity = capacity;
    }
    memcpy(text->bytes + text->length, bytes, length);
    text->length += length;
    text->bytes[text->length] = 0;
}

static void ix_field(struct ix_text *text, ix_string value) {
    if (value.length == 0 || memchr(value.data, '\t', value.length) || memchr(value.data, '\n', value.length)) {
        text->failed = true;
        return;
    }
    ix_append(text, "\t", 1);
    ix_append(text, value.data, value.length);
}

struct ix_scan {
    const struct ix_api *api;
    struct ix_text *text;
    ix_string module;
    ix_string found;  // the related symbol's name a relation scan found
    uint64_t role;    // the relation a scan looks for
    const char *(*records);
    size_t record_count, record_capacity;
};

// Takes the name of the last related symbol whose roles are exactly `role` (what SwiftPM's discovery compares).
static bool ix_relation(void *context, ix_object relation) {
    struct ix_scan *scan = context;
    if (scan->api->relation_roles(relation) != scan->role) return true;
    scan->found = scan->api->symbol_name(scan->api->relation_symbol(relation));
    return true;
}

// One occurrence: a test class's base (`C module child parent`) or a test method (`M module class method async`).
static bool ix_occurrence(void *context, ix_object occurrence) {
    struct ix_scan *scan = context;
    const struct ix_api *api = scan->api;
    ix_object symbol = api->occurrence_symbol(occurrence);
    uint64_t properties = api->symbol_properties(symbol);
    if (!(properties & ix_property_unit_test)) return true;
    int kind = api->symbol_kind(symbol);
    if (kind != ix_kind_class && kind != ix_kind_instance_method) return true;
    if (kind == ix_kind_class && (api->occurrence_roles(occurrence) & ix_role_definition)) {
        // Where a test class is defined, and whether inside another type (`D module class 0|1`).
        scan->role = ix_role_child_of;
        scan->found = (ix_string){NULL, 0};
        api->relations_apply(occurrence, scan, ix_relation);
        ix_append(scan->text, "D", 1);
        ix_field(scan->text, scan->module);
        ix_field(scan->text, api->symbol_name(symbol));
        ix_append(scan->text, scan->found.length ? "\t1\n" : "\t0\n", 3);
    }
    scan->role = kind == ix_kind_class ? ix_role_base_of : ix_role_child_of;
    scan->found = (ix_string){NULL, 0};
    api->relations_apply(occurrence, scan, ix_relation);
    if (scan->found.length == 0) return true;
    if (kind == ix_kind_class) {
        ix_append(scan->text, "C", 1);
        ix_field(scan->text, scan->module);
        ix_field(scan->text, scan->found);
        ix_field(scan->text, api->symbol_name(symbol));
    } else {
        ix_append(scan->text, "M", 1);
        ix_field(scan->text, scan->module);
        ix_field(scan->text, scan->found);
        ix_field(scan->text, api->symbol_name(symbol));
        ix_append(scan->text, (properties & ix_property_swift_async) ? "\t1" : "\t0", 2);
    }
    ix_append(scan->text, "\n", 1);
    return !scan->text->failed;
}

static bool ix_dependency(void *context, ix_object dependency) {
    struct ix_scan *scan = context;
    if (scan->api->dependency_kind(dependency) != ix_dependency_record) return true;
    ix_string name = scan->api->dependency_name(dependency);
    char *copy = strndup(name.data, name.length);
    if (!copy) {
        scan->text->failed = true;
        return false;
    }
    if (scan->record_count == scan->record_capacity) {
        size_t capacity = scan->record_capacity * 2 + 8;
        const char **grown = realloc(scan->records, capacity * sizeof *grown);
        if (!grown) {
            free(copy);
            scan->text->failed = true;
            return false;
        }
        scan->records = grown;
        scan->record_capacity = capacity;
    }
    scan->records[scan->record_count++] = copy;
    return true;
}

static char *ix_fail(char **error, const struct ix_api *api, ix_object failure, const char *what) {
    const char *detail = failure && api->error_description ? api->error_description(failure) : NULL;
    size_t size = strlen(what) + (detail ? strlen(detail) : 0) + 3;
    *error = malloc(size);
    if (*error) snprintf(*error, size, "%s%s%s", what, detail ? ": " : "", detail ? detail : "");
    if (failure && api->error_dispose) api->error_dispose(failure);
    return NULL;
}

char *grader_index_tests(const char *library, const char *store_path, const char *const objects[], int count,
                         char **error) {
    *error = NULL;
    struct ix_api api = {0};
    void *handle = dlopen(library, RTLD_LAZY | RTLD_LOCAL);
    if (!handle) return ix_fail(error, &api, NULL, "the toolchain's libIndexStore does not load");
    struct {
        void **slot;
        const char *name;
    } symbols[] = {
        {(void **)&api.store_create, "indexstore_store_create"},
        {(void **)&api.store_dispose, "indexstore_store_dispose"},
        {(void **)&api.unit_name, "indexstore_store_get_unit_name_from_output_path"},
        {(void **)&api.unit_reader_create, "indexstore_unit_reader_create"},
        {(void **)&api.unit_reader_dispose, "indexstore_unit_reader_dispose"},
        {(void **)&api.unit_module_name, "indexstore_unit_reader_get_module_name"},
        {(void **)&api.unit_dependencies_apply, "indexstore_unit_reader_dependencies_apply_f"},
        {(void **)&api.dependency_kind, "indexstore_unit_dependency_get_kind"},
        {(void **)&api.dependency_name, "indexstore_unit_dependency_get_name"},
        {(void **)&api.record_reader_create, "indexstore_record_reader_create"},
        {(void **)&api.record_reader_dispose, "indexstore_record_reader_dispose"},
        {(void **)&api.occurrences_apply, "indexstore_record_reader_occurrences_apply_f"},
        {(void **)&api.occurrence_symbol, "indexstore_occurrence_get_symbol"},
        {(void **)&api.relations_apply, "indexstore_occurrence_relations_apply_f"},
        {(void **)&api.occurrence_roles, "indexstore_occurrence_get_roles"},
        {(void **)&api.symbol_properties, "indexstore_symbol_get_properties"},
        {(void **)&api.symbol_kind, "indexstore_symbol_get_kind"},
        {(void **)&api.symbol_name, "indexstore_symbol_get_name"},
        {(void **)&api.relation_roles, "indexstore_symbol_relation_get_roles"},
        {(void **)&api.relation_symbol, "indexstore_symbol_relation_get_symbol"},
        {(void **)&api.error_description, "indexstore_error_get_description"},
        {(void **)&api.error_dispose, "indexstore_error_dispose"},
    };
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
        *symbols[i].slot = dlsym(handle, symbols[i].name);
        if (!*symbols[i].slot) return ix_fail(error, &api, NULL, "libIndexStore lacks a function the grader reads");
    }
    ix_object failure = NULL;
    ix_object store = api.store_create(store_path, &failure);
    if (!store || failure) return ix_fail(error, &api, failure, "the index store does not open");

    struct ix_text text = {0};
    ix_append(&text, "", 0);
    char *problem = NULL;
    for (int i = 0; i < count && !problem && !text.failed; i++) {
        char name[1024];
        size_t length = api.unit_name(store, objects[i], name, sizeof name);
        if (length + 1 > sizeof name) {
            problem = "an index unit name is too long";
            break;
        }
        ix_object unit = api.unit_reader_create(store, name, &failure);
        if (!unit || failure) {
            ix_fail(error, &api, failure, "an object file has no index unit");
            break;
        }
        struct ix_scan scan = {.api = &api, .text = &text, .module = api.unit_module_name(unit)};
        api.unit_dependencies_apply(unit, &scan, ix_dependency);
        for (size_t r = 0; r < scan.record_count; r++) {
            if (!problem && !*error && !text.failed) {
                ix_object record = api.record_reader_create(store, scan.records[r], &failure);
                if (!record || failure) {
                    ix_fail(error, &api, failure, "an index record does not open");
                } else {
                    api.occurrences_apply(record, &scan, ix_occurrence);
                    api.record_reader_dispose(record);
                }
            }
            free((void *)scan.records[r]);
        }
        free(scan.records);
        api.unit_reader_dispose(unit);
        if (*error) break;
    }
    api.store_dispose(store);
    if (*error) {
        free(text.bytes);
        return NULL;
    }
    if (problem || text.failed) {
        free(text.bytes);
        return ix_fail(error, &api, NULL, problem ? problem : "a name the index holds does not fit the listing");
    }
    return text.bytes;
}
