module github.com/jsonheal/jsonheal/bench

go 1.26

require github.com/jsonheal/jsonheal v0.0.0

require (
	github.com/klauspost/compress v1.20.4 // indirect
	github.com/valyala/fastjson v1.6.10 // indirect
)

replace github.com/jsonheal/jsonheal => ../
