// swift-format-ignore-file
// Source repository: anubhavpulkit/beginner-SwiftUI (https://github.com/anubhavpulkit/beginner-SwiftUI)
// Path in repository: Animation/Animation/ContentView.swift
// Commit: 40bcecd1ebde9b179e53509dc52a2aae6a2e5cdf
// Licence: MIT License
// Copyright line (repository LICENSE): Copyright (c) 2021 Anubhav Singh
// LICENSE read at the same commit (unchanged at HEAD 83541c3478961151ffbed0fa9f9a90e1a838add4).
// Original file text follows unchanged below this header.

//
//  ContentView.swift
//  Animation
//
//  Created by Pully on 13/02/21.
//  Copyright © 2021 catalyst. All rights reserved.
//

import SwiftUI

struct ContentView: View {
    
    @State private var dragAmount = CGSize.zero
    
    var body: some View {
        
        LinearGradient(gradient: Gradient(colors: [.yellow, .orange]), startPoint: .topLeading, endPoint: .bottomTrailing)
        .frame(width: 200, height: 200)
        .clipShape(RoundedRectangle(cornerRadius: 20))
        .offset(dragAmount) // pass Xand Y coordinates of card
        .gesture(
            DragGesture()
                .onChanged {self.dragAmount = $0.translation }
                .onEnded { _ in self.dragAmount = .zero } // when user lift there fingure
        )
            .animation(.interpolatingSpring(stiffness: 20, damping: 1))
    }
}

struct ContentView_Previews: PreviewProvider {
    static var previews: some View {
        ContentView()
    }
}
