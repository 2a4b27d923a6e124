module github.com/jsonheal/jsonheal/bench

go 1.26

require github.com/jsonheal/jsonheal v0.0.0

require (
	github.com/RealAlexandreAI/json-repair v0.0.18 // indirect
	github.com/go-json-experiment/json v0.0.0-20251027170946-4849db3c2f7e // indirect
	github.com/kaptinlin/jsonrepair v0.2.15 // indirect
	github.com/klauspost/compress v1.20.4 // indirect
	github.com/valyala/fastjson v1.6.10 // indirect
)

replace github.com/jsonheal/jsonheal => ../
