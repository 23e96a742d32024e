package g18xx

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// CurrentForm is an export in the current form: data itself, or an early
// export rewritten as upgradeOldForm does (what DecodeBytes reads), for a
// caller that keeps the export's raw actions.
func CurrentForm(data []byte) []byte {
	if up, ok := upgradeOldForm(data); ok {
		return up
	}
	return data
}

// Early exports (18xx.games in 2020 and its hotseat games until 2022)
// name players where later ones number them: a player has no id, or the
// user's name as its id; a player's actions, the acting list and the
// result are keyed by that name; max_players is a string. upgradeOldForm
// rewrites such an export into the current form, keeping every other
// byte and the order of the keys: the players are numbered 1, 2, ... in
// seating order and every reference to one (an action's entity, or
// target, when it is a player; acting; the result's keys) is renumbered.
// It reports false when data is not in the early form.
func upgradeOldForm(data []byte) ([]byte, bool) {
	top, err := splitObject(data)
	if err != nil {
		return nil, false
	}
	ids := map[string]int{}
	old := false
	for _, m := range top {
		if m.key != "players" {
			continue
		}
		var players []map[string]json.RawMessage
		if json.Unmarshal(m.raw, &players) != nil || len(players) == 0 {
			return nil, false
		}
		for i, p := range players {
			var n int
			if raw, ok := p["id"]; ok && json.Unmarshal(raw, &n) == nil {
				return nil, false // numbered: the current form
			}
			old = true
			var id, name string
			if raw, ok := p["id"]; ok && json.Unmarshal(raw, &id) != nil {
				return nil, false
			}
			if raw, ok := p["name"]; ok && json.Unmarshal(raw, &name) != nil {
				return nil, false
			}
			for _, k := range []string{id, name} {
				if _, taken := ids[k]; k != "" && !taken {
					ids[k] = i + 1
				}
			}
		}
	}
	if !old {
		return nil, false
	}
	var out bytes.Buffer
	out.WriteByte('{')
	for i, m := range top {
		if i > 0 {
			out.WriteByte(',')
		}
		key, _ := json.Marshal(m.key)
		out.Write(key)
		out.WriteByte(':')
		raw := m.raw
		switch m.key {
		case "players":
			raw = numberPlayers(raw)
		case "max_players":
			var s string
			if json.Unmarshal(raw, &s) == nil {
				if n, err := strconv.Atoi(s); err == nil {
					raw = []byte(strconv.Itoa(n))
				}
			}
		case "acting":
			var names []json.RawMessage
			if json.Unmarshal(raw, &names) == nil {
				for j := range names {
					names[j] = renumber(names[j], ids)
				}
				raw, _ = json.Marshal(names)
			}
		case "result":
			raw = renumberKeys(raw, ids)
		case "actions":
			raw = renumberActions(raw, ids)
		}
		out.Write(raw)
	}
	out.WriteByte('}')
	return out.Bytes(), true
}

// numberPlayers gives the players of an early export ids 1, 2, ... in
// seating order, the id first.
func numberPlayers(raw json.RawMessage) json.RawMessage {
	var players []json.RawMessage
	if json.Unmarshal(raw, &players) != nil {
		return raw
	}
	for i, p := range players {
		ms, err := splitObject(p)
		if err != nil {
			return raw
		}
		var b bytes.Buffer
		fmt.Fprintf(&b, `{"id":%d`, i+1)
		for _, m := range ms {
			if m.key == "id" {
				continue
			}
			key, _ := json.Marshal(m.key)
			b.WriteByte(',')
			b.Write(key)
			b.WriteByte(':')
			b.Write(m.raw)
		}
		b.WriteByte('}')
		players[i] = b.Bytes()
	}
	out, _ := json.Marshal(players)
	return out
}

// renumber is a player's name (a JSON string) as its new id; anything
// else is left as it is.
func renumber(raw json.RawMessage, ids map[string]int) json.RawMessage {
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return raw
	}
	if id, ok := ids[s]; ok {
		return []byte(strconv.Itoa(id))
	}
	return raw
}

// renumberKeys renames an object's keys from players' names to their new
// ids, keeping their order.
func renumberKeys(raw json.RawMessage, ids map[string]int) json.RawMessage {
	ms, err := splitObject(raw)
	if err != nil {
		return raw
	}
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range ms {
		if i > 0 {
			b.WriteByte(',')
		}
		k := m.key
		if id, ok := ids[k]; ok {
			k = strconv.Itoa(id)
		}
		key, _ := json.Marshal(k)
		b.Write(key)
		b.WriteByte(':')
		b.Write(m.raw)
	}
	b.WriteByte('}')
	return b.Bytes()
}

// renumberActions renumbers the player references of each action and of
// its auto actions: entity when entity_type is player, target when
// target_type is player, and user.
func renumberActions(raw json.RawMessage, ids map[string]int) json.RawMessage {
	var acts []json.RawMessage
	if json.Unmarshal(raw, &acts) != nil {
		return raw
	}
	for i, a := range acts {
		acts[i] = renumberAction(a, ids)
	}
	out, err := json.Marshal(acts)
	if err != nil {
		return raw
	}
	return out
}

func renumberAction(raw json.RawMessage, ids map[string]int) json.RawMessage {
	ms, err := splitObject(raw)
	if err != nil {
		return raw
	}
	kind := func(key string) string {
		for _, m := range ms {
			if m.key == key {
				var s string
				_ = json.Unmarshal(m.raw, &s)
				return s
			}
		}
		return ""
	}
	entityPlayer, targetPlayer := kind("entity_type") == "player", kind("target_type") == "player"
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range ms {
		if i > 0 {
			b.WriteByte(',')
		}
		v := m.raw
		switch {
		case m.key == "entity" && entityPlayer, m.key == "target" && targetPlayer, m.key == "user":
			v = renumber(v, ids)
		case m.key == "auto_actions":
			v = renumberActions(v, ids)
		}
		key, _ := json.Marshal(m.key)
		b.Write(key)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes()
}
