#pragma once
// The schema of every table the server keeps, as one list of migrations run at start on both
// backends (see "How to add a table" in README.md).
#include <span>

#include "storage/db.h"

namespace oyin::storage {

std::span<const Migration> schema_migrations();

}  // namespace oyin::storage
